package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffPolicyTest {

    static BackoffPolicy policy(double random) {
        return new BackoffPolicy(Duration.ofSeconds(5), Duration.ofHours(1), Duration.ofHours(24), () -> random);
    }

    @Test
    void doublesPerAttemptWithJitterInTheUpperHalf() {
        assertThat(policy(0).delayAfter(1, null)).isEqualTo(Duration.ofMillis(2500));
        assertThat(policy(0.999999).delayAfter(1, null)).isBetween(Duration.ofMillis(4999), Duration.ofSeconds(5));
        assertThat(policy(0).delayAfter(2, null)).isEqualTo(Duration.ofSeconds(5));
        assertThat(policy(0).delayAfter(3, null)).isEqualTo(Duration.ofSeconds(10));
        assertThat(policy(0.5).delayAfter(4, null)).isEqualTo(Duration.ofSeconds(30)); // 40 s ceiling: 20 + 10
    }

    @Test
    void neverWaitsLongerThanTheMaximum() {
        assertThat(policy(0.999999).delayAfter(30, null)).isLessThanOrEqualTo(Duration.ofHours(1));
        assertThat(policy(0).delayAfter(1_000, null)).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void honoursRetryAfterUpToTheMaximum() {
        assertThat(policy(0.7).delayAfter(1, Duration.ofSeconds(42))).isEqualTo(Duration.ofSeconds(42));
        assertThat(policy(0.7).delayAfter(9, Duration.ZERO)).isEqualTo(Duration.ZERO);
        assertThat(policy(0.7).delayAfter(1, Duration.ofDays(3))).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void retriesOnlyInsideTheWindow() {
        BackoffPolicy policy = policy(0);
        assertThat(policy.retriesWithin(Duration.ofHours(23), Duration.ofMinutes(59)))
                .isTrue();
        assertThat(policy.retriesWithin(Duration.ofHours(23), Duration.ofMinutes(61)))
                .isFalse();
    }

    @Test
    void refusesANonsensicalConfiguration() {
        assertThatThrownBy(
                        () -> new BackoffPolicy(Duration.ZERO, Duration.ofHours(1), Duration.ofHours(24), Math::random))
                .hasMessageContaining("initial-backoff");
        assertThatThrownBy(() ->
                        new BackoffPolicy(Duration.ofHours(2), Duration.ofHours(1), Duration.ofHours(24), Math::random))
                .hasMessageContaining("max-backoff");
    }
}
