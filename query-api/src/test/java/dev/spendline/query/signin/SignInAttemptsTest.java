package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SignInAttemptsTest {

    private final AtomicLong nanos = new AtomicLong();
    private final SignInAttempts attempts = new SignInAttempts(Duration.ofMinutes(15), 3, nanos::get);

    @Test
    void anAccountIsLockedAfterFiveFailuresUntilTheWindowPasses() {
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL; i++) {
            assertThat(attempts.signInAllowed("Ana@example.com", "10.0.0." + i)).isTrue();
            attempts.failed("ana@example.com", "10.0.0." + i);
        }
        assertThat(attempts.signInAllowed("ANA@example.com", "10.0.0.99")).isFalse();
        assertThat(attempts.signInAllowed("bo@example.com", "10.0.0.99")).isTrue();

        nanos.addAndGet(Duration.ofMinutes(16).toNanos());
        assertThat(attempts.signInAllowed("ana@example.com", "10.0.0.99")).isTrue();
    }

    @Test
    void anAddressIsLockedAfterTwentyFailuresWhateverTheAccounts() {
        for (int i = 0; i < SignInAttempts.FAILURES_PER_ADDRESS; i++) {
            attempts.failed("user" + i + "@example.com", "10.1.1.1");
        }
        assertThat(attempts.signInAllowed("fresh@example.com", "10.1.1.1")).isFalse();
        assertThat(attempts.signInAllowed("fresh@example.com", "10.1.1.2")).isTrue();
    }

    @Test
    void successForgetsTheAccountsFailures() {
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL - 1; i++) {
            attempts.failed("ana@example.com", "10.2.0.1");
        }
        attempts.succeeded("ana@example.com");
        attempts.failed("ana@example.com", "10.2.0.1");
        assertThat(attempts.signInAllowed("ana@example.com", "10.2.0.1")).isTrue();
    }

    @Test
    void signUpsPerAddressAreCapped() {
        assertThat(attempts.signUpAllowed("10.3.0.1")).isTrue();
        assertThat(attempts.signUpAllowed("10.3.0.1")).isTrue();
        assertThat(attempts.signUpAllowed("10.3.0.1")).isTrue();
        assertThat(attempts.signUpAllowed("10.3.0.1")).isFalse();
        assertThat(attempts.signUpAllowed("10.3.0.2")).isTrue();
    }
}
