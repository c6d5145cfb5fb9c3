package dev.spendline.query.settings;

/** Kafka could not take a settings change in time; the caller answers 503 and nothing changed. */
public final class SettingsUnavailableException extends RuntimeException {
    SettingsUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
