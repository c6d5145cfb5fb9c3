package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.query.dashboard.DashboardSlice;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The sign-in lock-out over real HTTP on a real server, where a forward is really dispatched (a
 * mock would not run it, and so could not see a forward into the password check): past the limit
 * the right password gets the same 429 as a wrong one and no session, until the window has passed.
 */
@SpringBootTest(
        classes = LockoutApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "server.servlet.session.cookie.secure=false",
            "spring.main.banner-mode=off",
            "spendline.signin.sign-ups-per-address=1000"
        })
class SignInLockoutTest {

    static final String PASSWORD = "correct horse battery";

    @LocalServerPort
    int port;

    @Autowired
    AccountService accounts;

    @Autowired
    DashboardSlice.MovableClock clock;

    @BeforeEach
    void anotherWindow() {
        // Every request of this class comes from 127.0.0.1: each test starts past the previous one's window.
        clock.advance(Duration.ofDays(1));
    }

    @Test
    void eightWrongPasswordsThenTheRightOneIsRefusedWithoutASessionUntilTheWindowHasPassed() {
        String email = account();
        Browser browser = new Browser();
        for (int i = 0; i < 8; i++) {
            HttpResponse<String> wrong = signIn(browser, email, "wrong password " + i, Browser.HTML);
            if (i < SignInAttempts.FAILURES_PER_EMAIL) {
                assertThat(Browser.location(wrong)).isEqualTo(app("/signin?error"));
            } else {
                assertThat(wrong.statusCode()).isEqualTo(429);
            }
            clock.advance(Duration.ofSeconds(10));
        }

        HttpResponse<String> right = signIn(browser, email, PASSWORD, Browser.HTML);

        // The first failure was 80 s ago: it leaves the 15-minute window in 820 s.
        assertThat(right.statusCode()).isEqualTo(429);
        assertThat(right.headers().firstValue("Retry-After")).contains("820");
        assertThat(right.headers().firstValue("Location")).isEmpty();
        assertThat(right.body())
                .contains("Too many sign-in attempts. Wait 14 minutes, then try again.")
                .contains("<form");
        assertThat(whoami(browser).statusCode()).as("no signed-in session").isEqualTo(302);

        clock.advance(Duration.ofSeconds(819));
        assertThat(signIn(browser, email, PASSWORD, Browser.HTML).headers().firstValue("Retry-After"))
                .contains("1");
        clock.advance(Duration.ofSeconds(1));
        HttpResponse<String> signedIn = signIn(browser, email, PASSWORD, Browser.HTML);
        // Back to the page asked for while signed out.
        assertThat(Browser.location(signedIn)).isEqualTo(app("/app/whoami?continue"));
        assertThat(whoami(browser).statusCode()).isEqualTo(200);
    }

    @Test
    void whileLockedTheRightAndAWrongPasswordGetTheSameAnswer() {
        String email = account();
        Browser browser = new Browser();
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL; i++) {
            signIn(browser, email, "wrong password " + i, Browser.HTML);
        }

        HttpResponse<String> right = signIn(browser, email, PASSWORD, "application/json");
        HttpResponse<String> wrong = signIn(browser, email, "wrong again", "application/json");

        assertThat(right.statusCode()).isEqualTo(wrong.statusCode()).isEqualTo(429);
        assertThat(right.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(right.headers().firstValue("Retry-After"))
                .isEqualTo(wrong.headers().firstValue("Retry-After"))
                .contains("900");
        assertThat(right.body()).isEqualTo(wrong.body()).contains("\"code\":\"too_many_attempts\"");
        assertThat(whoami(browser).statusCode()).isEqualTo(302);
    }

    @Test
    void twentyFailuresFromOneAddressLockItForEveryAccount() {
        String email = account();
        Browser browser = new Browser();
        for (int i = 0; i < SignInAttempts.FAILURES_PER_ADDRESS; i++) {
            HttpResponse<String> wrong =
                    signIn(browser, "stranger-" + i + "-" + UUID.randomUUID() + "@example.com", PASSWORD, Browser.HTML);
            assertThat(Browser.location(wrong)).isEqualTo(app("/signin?error"));
        }

        HttpResponse<String> right = signIn(browser, email, PASSWORD, Browser.HTML);

        assertThat(right.statusCode()).isEqualTo(429);
        assertThat(right.headers().firstValue("Retry-After")).contains("900");
        assertThat(whoami(browser).statusCode()).isEqualTo(302);
    }

    @Test
    void aSuccessForgetsTheAccountsFailures() {
        String email = account();
        Browser browser = new Browser();
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL - 1; i++) {
            signIn(browser, email, "wrong password " + i, Browser.HTML);
        }
        assertThat(Browser.location(signIn(browser, email, PASSWORD, Browser.HTML)))
                .isEqualTo(app("/app"));

        Browser later = new Browser();
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL - 1; i++) {
            assertThat(Browser.location(signIn(later, email, "wrong password " + i, Browser.HTML)))
                    .isEqualTo(app("/signin?error"));
        }
        assertThat(Browser.location(signIn(later, email, PASSWORD, Browser.HTML)))
                .isEqualTo(app("/app"));
    }

    @Test
    void theLockedPageOpenedDirectlyIsJustTheSignInPage() {
        HttpResponse<String> page = new Browser().get(app(SignInLimitFilter.LOCKED_PAGE));

        assertThat(Browser.location(page)).isEqualTo(app("/signin"));
    }

    private String account() {
        String email = "lock-" + UUID.randomUUID() + "@example.com";
        accounts.signUp(email, "Lock", PASSWORD, new AccountService.Joining.OwnWorkspace());
        return email;
    }

    private HttpResponse<String> signIn(Browser browser, String email, String password, String accept) {
        return browser.postForm(app("/signin"), app("/signin"), Map.of("email", email, "password", password), accept);
    }

    private HttpResponse<String> whoami(Browser browser) {
        return browser.get(app("/app/whoami"));
    }

    private URI app(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
