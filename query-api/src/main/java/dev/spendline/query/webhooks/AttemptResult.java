package dev.spendline.query.webhooks;

import java.time.Duration;

/**
 * What one attempt came to.
 *
 * @param status the HTTP status, or null when no answer came
 * @param retryAfter the receiver's {@code Retry-After}, or null
 * @param detail what went wrong, in words, or null
 */
record AttemptResult(Verdict verdict, Integer status, Duration latency, Duration retryAfter, String detail) {

    /** Delivered (2xx), worth another try (408, 429, 5xx, timeout, connection error) or not (other answers). */
    enum Verdict {
        DELIVERED,
        RETRY,
        FAILED
    }
}
