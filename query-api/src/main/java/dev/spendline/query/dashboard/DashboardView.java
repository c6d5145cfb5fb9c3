package dev.spendline.query.dashboard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a controller whose answers are dashboard pages: its failures are shown as a page
 * ({@link DashboardErrors}), not as the problem+json the API answers with, because a person in a
 * browser reads them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface DashboardView {}
