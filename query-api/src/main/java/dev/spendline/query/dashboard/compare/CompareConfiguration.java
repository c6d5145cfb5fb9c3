package dev.spendline.query.dashboard.compare;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The comparison of two periods. */
@Configuration(proxyBeanMethods = false)
@Import(CompareController.class)
public class CompareConfiguration {}
