package dev.spendline.query.revenue;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** Customer revenue settings, written through the {@code SettingsWriter}. */
@Configuration(proxyBeanMethods = false)
@Import({RevenueSettingsController.class, RevenueWriter.class})
public class RevenueConfiguration {}
