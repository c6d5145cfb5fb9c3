package dev.spendline.query.settings.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Members and invitations, with the settings pages' refusals; on its own so that the sign-in
 * chain's tests can hold it without the rest of settings.
 */
@Configuration(proxyBeanMethods = false)
@Import({MembersController.class, SettingsPagesAdvice.class})
public class MembersConfiguration {}
