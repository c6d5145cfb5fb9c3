package dev.spendline.query.dashboard.alerts;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's the alerts view and its snooze forms. */
@Configuration(proxyBeanMethods = false)
@Import(AlertsController.class)
public class AlertsViewConfiguration {}
