package dev.spendline.query.dashboard.spend;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The spend explorer (product and internal usage). */
@Configuration(proxyBeanMethods = false)
@Import(SpendController.class)
public class SpendConfiguration {}
