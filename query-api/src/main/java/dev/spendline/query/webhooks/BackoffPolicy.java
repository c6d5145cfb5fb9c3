package dev.spendline.query.webhooks;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * When to try a failed delivery again: exponential backoff ({@code initial} doubled per attempt, at most
 * {@code max}) with "equal jitter" (a random point in the upper half of that delay, so retries of many
 * messages spread out while none comes back too soon). A {@code Retry-After} from the receiver is
 * honoured as it is (capped at {@code max}). Retries stop once {@code window} has passed since the
 * first attempt.
 *
 * @param random values in [0, 1); {@code Math::random} in production, fixed in tests
 */
record BackoffPolicy(Duration initial, Duration max, Duration window, DoubleSupplier random) {

    BackoffPolicy {
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0 || window.isNegative()) {
            throw new IllegalArgumentException("spendline.webhooks.delivery: need 0 < initial-backoff <= max-backoff"
                    + " and a retry window that is not negative");
        }
    }

    /**
     * The wait before attempt {@code failedAttempts + 1}.
     *
     * @param failedAttempts attempts made so far (1 after the first failure)
     * @param retryAfter what the receiver asked for, or null
     */
    Duration delayAfter(int failedAttempts, Duration retryAfter) {
        if (retryAfter != null && !retryAfter.isNegative()) {
            return retryAfter.compareTo(max) > 0 ? max : retryAfter;
        }
        long maxMillis = max.toMillis();
        long ceiling = initial.toMillis();
        for (int i = 1; i < failedAttempts && ceiling < maxMillis; i++) {
            ceiling *= 2;
        }
        ceiling = Math.min(ceiling, maxMillis);
        long half = ceiling / 2;
        return Duration.ofMillis(half + (long) (random.getAsDouble() * (ceiling - half)));
    }

    /** Whether a retry at {@code elapsed + delay} after the first attempt is still inside the window. */
    boolean retriesWithin(Duration elapsed, Duration delay) {
        return elapsed.plus(delay).compareTo(window) <= 0;
    }
}
