package dev.spendline.query.dashboard.waste;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's the waste view. */
@Configuration(proxyBeanMethods = false)
@Import(WasteController.class)
public class WasteViewConfiguration {}
