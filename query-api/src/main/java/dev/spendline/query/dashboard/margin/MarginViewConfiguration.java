package dev.spendline.query.dashboard.margin;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's the customer and feature margin views. */
@Configuration(proxyBeanMethods = false)
@Import(MarginController.class)
public class MarginViewConfiguration {}
