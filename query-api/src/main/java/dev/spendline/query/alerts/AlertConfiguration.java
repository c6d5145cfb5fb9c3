package dev.spendline.query.alerts;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The snooze API; needs a {@code SettingsWriter} and the {@code Queries} bean. */
@Configuration(proxyBeanMethods = false)
@Import({AlertSnoozing.class, AlertController.class})
public class AlertConfiguration {}
