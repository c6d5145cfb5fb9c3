package dev.spendline.gateway.quota;

/**
 * A workspace at its quota sent events, and the stream processor could not say in time whether
 * they are resends (which must pass) or new ones (which must not); the caller answers 503.
 */
public final class QuotaUnavailableException extends RuntimeException {
    QuotaUnavailableException(Throwable cause) {
        super("could not check which events are resends", cause);
    }
}
