package dev.spendline.query.revenue;

/** Kafka could not take a revenue change in time; the caller answers 503 and nothing changed. */
final class RevenueUnavailableException extends RuntimeException {
    RevenueUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
