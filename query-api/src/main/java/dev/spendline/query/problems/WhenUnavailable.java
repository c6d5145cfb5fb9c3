package dev.spendline.query.problems;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a controller's 503 {@code unavailable} answer reads when Kafka or the workspace's data cannot
 * be reached (a {@link dev.spendline.contracts.query.QueryUnavailableException} or a {@link
 * dev.spendline.query.settings.SettingsUnavailableException}); {@link ProblemHandler} renders it.
 * A controller without it gets a generic wording and {@code Retry-After: 5}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface WhenUnavailable {

    /** The {@code Retry-After} header, in seconds. */
    int retryAfterSeconds();

    String title();

    String detail();
}
