package dev.spendline.controlplane.signin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.DatabaseTest;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Attempts counted in the control plane (V8) on H2 and PostgreSQL. */
class SignInAttemptRepositoryTest extends DatabaseTest {

    private static final Duration WINDOW = Duration.ofMinutes(15);

    SignInAttemptRepository attempts;

    @BeforeEach
    void repository() {
        attempts = new SignInAttemptRepository(jdbc, clock);
    }

    @Test
    void aSubjectIsLockedAtTheLimitUntilItsOldestCountedAttemptLeavesTheWindow() {
        attempts.record("email:ana@example.com");
        clock.advance(Duration.ofMinutes(2));
        attempts.record("email:ana@example.com");
        assertThat(attempts.lockedFor("email:ana@example.com", 3, WINDOW)).isZero();

        clock.advance(Duration.ofMinutes(1));
        attempts.record("email:ana@example.com");

        assertThat(attempts.lockedFor("email:ana@example.com", 3, WINDOW)).isEqualTo(Duration.ofMinutes(12));
        assertThat(attempts.lockedFor("email:bo@example.com", 3, WINDOW)).isZero();
        clock.advance(Duration.ofMinutes(12).minusSeconds(1));
        assertThat(attempts.lockedFor("email:ana@example.com", 3, WINDOW)).isEqualTo(Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));
        assertThat(attempts.lockedFor("email:ana@example.com", 3, WINDOW)).isZero();
    }

    @Test
    void overTheLimitTheLockLastsUntilTheCountFallsBelowIt() {
        for (int i = 0; i < 4; i++) {
            attempts.record("address:10.0.0.1");
            clock.advance(Duration.ofMinutes(1));
        }
        // Attempts at 0, 1, 2, 3 minutes; now 4. Below 3 once the one at minute 1 has left: 15 + 1 - 4.
        assertThat(attempts.lockedFor("address:10.0.0.1", 3, WINDOW)).isEqualTo(Duration.ofMinutes(12));
    }

    @Test
    void forgettingASubjectOrOneAttemptTakesItsCountBack() {
        long first = attempts.record("address:10.0.0.2");
        attempts.record("address:10.0.0.2");
        attempts.record("email:ana@example.com");
        attempts.record("email:ana@example.com");

        attempts.forget(first);
        assertThat(attempts.lockedFor("address:10.0.0.2", 2, WINDOW)).isZero();
        assertThat(attempts.lockedFor("address:10.0.0.2", 1, WINDOW)).isPositive();
        assertThat(attempts.forget("email:ana@example.com")).isEqualTo(2);
        assertThat(attempts.lockedFor("email:ana@example.com", 1, WINDOW)).isZero();
    }

    @Test
    void onlyAHashOfTheSubjectIsStoredAndOldRowsArePruned() {
        attempts.record("email:ana@example.com");
        clock.advance(WINDOW);
        attempts.record("email:ana@example.com");

        assertThat(jdbc.sql("select subject_hash from sign_in_attempts")
                        .query(String.class)
                        .list())
                .allMatch(hash -> hash.matches("[0-9a-f]{64}"));
        assertThat(attempts.prune(WINDOW)).isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from sign_in_attempts")
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
    }
}
