package dev.spendline.query.settings.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The OAuth grants page, with the settings pages' refusals; on its own so the OAuth tests can hold it. */
@Configuration(proxyBeanMethods = false)
@Import({OAuthGrantsController.class, SettingsPagesAdvice.class})
public class OAuthGrantsConfiguration {}
