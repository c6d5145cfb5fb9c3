package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.signin.SignInAttemptRepository;
import dev.spendline.query.dashboard.DashboardSlice;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/** The limits over the real repository on H2, with a clock the test moves. */
class SignInAttemptsTest {

    private final DashboardSlice.MovableClock clock =
            new DashboardSlice.MovableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final SingleConnectionDataSource database =
            new SingleConnectionDataSource("jdbc:h2:mem:attempts_" + UUID.randomUUID(), "sa", "", true);
    private final SignInAttempts attempts = attempts(database);

    private SignInAttempts attempts(SingleConnectionDataSource dataSource) {
        ControlPlaneMigrations.migrate(dataSource);
        return new SignInAttempts(
                new SignInAttemptRepository(JdbcClient.create(dataSource), clock), Duration.ofMinutes(15), 3, clock);
    }

    @AfterEach
    void close() {
        database.destroy();
    }

    @Test
    void fiveFailuresLockTheAccountWhateverTheAddressAndCaseUntilTheOldestLeavesTheWindow() {
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL; i++) {
            assertThat(attempts.signInLockedFor("Ana@example.com", "10.0.0." + i))
                    .isZero();
            attempts.counted(" Ana@Example.com", "10.0.0." + i);
            clock.advance(Duration.ofMinutes(1));
        }
        assertThat(attempts.signInLockedFor("ANA@example.com", "10.0.0.99")).isEqualTo(Duration.ofMinutes(10));
        assertThat(attempts.signInLockedFor("bo@example.com", "10.0.0.99")).isZero();

        clock.advance(Duration.ofMinutes(10));
        assertThat(attempts.signInLockedFor("ana@example.com", "10.0.0.99")).isZero();
    }

    @Test
    void twentyFailuresFromOneAddressLockItForEveryAccount() {
        for (int i = 0; i < SignInAttempts.FAILURES_PER_ADDRESS; i++) {
            attempts.counted("user" + i + "@example.com", "10.1.1.1");
        }
        assertThat(attempts.signInLockedFor("fresh@example.com", "10.1.1.1")).isEqualTo(Duration.ofMinutes(15));
        assertThat(attempts.signInLockedFor("fresh@example.com", "10.1.1.2")).isZero();
    }

    @Test
    void aSuccessForgetsTheAccountsFailuresAndTakesBackItsOwnAttempt() {
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL - 1; i++) {
            attempts.counted("ana@example.com", "10.2.0.1");
        }
        for (int i = 0; i < SignInAttempts.FAILURES_PER_ADDRESS - SignInAttempts.FAILURES_PER_EMAIL; i++) {
            attempts.counted("other" + i + "@example.com", "10.2.0.1");
        }
        attempts.succeeded(attempts.counted("ana@example.com", "10.2.0.1"));

        // Ana's four failures are gone; the address keeps the others' 15 plus Ana's 4, and not the success.
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL - 1; i++) {
            attempts.counted("ana@example.com", "10.2.0.2");
        }
        assertThat(attempts.signInLockedFor("ana@example.com", "10.2.0.3")).isZero();
        assertThat(attempts.signInLockedFor("new@example.com", "10.2.0.1")).isZero();
        attempts.counted("someone@example.com", "10.2.0.1");
        assertThat(attempts.signInLockedFor("new@example.com", "10.2.0.1")).isPositive();
    }

    @Test
    void signUpsAreCountedPerAddress() {
        assertThat(attempts.signUpLockedFor("10.3.0.1")).isZero();
        assertThat(attempts.signUpLockedFor("10.3.0.1")).isZero();
        assertThat(attempts.signUpLockedFor("10.3.0.1")).isZero();
        assertThat(attempts.signUpLockedFor("10.3.0.1")).isEqualTo(Duration.ofMinutes(15));
        assertThat(attempts.signUpLockedFor("10.3.0.2")).isZero();
    }

    @Test
    void anIpv6ClientIsCountedByItsSlash64() {
        assertThat(SignInAttempts.network("2001:db8:1:2:3:4:5:6"))
                .isEqualTo(SignInAttempts.network("2001:db8:1:2:ffff::1"))
                .isEqualTo("2001:db8:1:2::/64")
                .isNotEqualTo(SignInAttempts.network("2001:db8:1:3::1"));
        assertThat(SignInAttempts.network("10.0.0.1")).isEqualTo("10.0.0.1");

        for (int i = 0; i < SignInAttempts.FAILURES_PER_ADDRESS; i++) {
            attempts.counted("user" + i + "@example.com", "2001:db8:5:6::" + Integer.toHexString(i + 1));
        }
        assertThat(attempts.signInLockedFor("fresh@example.com", "2001:db8:5:6:abcd::99"))
                .isPositive();
        assertThat(attempts.signInLockedFor("fresh@example.com", "2001:db8:5:7::1"))
                .isZero();
    }

    @Test
    void retryAfterIsWholeSecondsRoundedUp() {
        assertThat(SignInAttempts.retryAfterSeconds(Duration.ofMillis(1))).isEqualTo(1);
        assertThat(SignInAttempts.retryAfterSeconds(Duration.ofMillis(60_001))).isEqualTo(61);
        assertThat(SignInAttempts.retryAfterSeconds(Duration.ofMinutes(15))).isEqualTo(900);
    }
}
