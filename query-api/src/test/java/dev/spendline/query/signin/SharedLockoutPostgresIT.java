package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two instances (two application contexts, each with its own server and connection pool) on one
 * PostgreSQL at 127.0.0.1:5432 (database {@code test}, a schema of its own): failures sent to either
 * count toward one limit, so N instances do not give N times the guesses.
 */
class SharedLockoutPostgresIT {

    private static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/test";
    private static final String SCHEMA =
            "lockout_it_" + UUID.randomUUID().toString().replace("-", "");
    private static final String PASSWORD = "correct horse battery";

    private static ConfigurableApplicationContext first;
    private static ConfigurableApplicationContext second;

    @BeforeAll
    static void twoInstances() throws SQLException {
        admin("create schema " + SCHEMA);
        first = instance();
        second = instance();
    }

    @AfterAll
    static void stop() throws SQLException {
        if (first != null) {
            first.close();
        }
        if (second != null) {
            second.close();
        }
        admin("drop schema " + SCHEMA + " cascade");
    }

    @Test
    void failuresOnEitherInstanceCountTowardOneLimit() {
        String email = "shared-" + UUID.randomUUID() + "@example.com";
        first.getBean(AccountService.class)
                .signUp(email, "Shared", PASSWORD, new AccountService.Joining.OwnWorkspace());
        // A browser of its own for each instance: cookies are per host, not per port.
        Browser toFirst = new Browser();
        Browser toSecond = new Browser();
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL; i++) {
            HttpResponse<String> wrong = i % 2 == 0
                    ? signIn(toFirst, first, email, "wrong password " + i)
                    : signIn(toSecond, second, email, "wrong password " + i);
            assertThat(Browser.location(wrong).getPath()).isEqualTo("/signin");
        }

        // Three failures went to the first instance and two to the second: each is refused now.
        HttpResponse<String> onFirst = signIn(toFirst, first, email, PASSWORD);
        HttpResponse<String> onSecond = signIn(toSecond, second, email, PASSWORD);

        assertThat(onFirst.statusCode()).isEqualTo(429);
        assertThat(onSecond.statusCode()).isEqualTo(429);
        assertThat(onSecond.headers().firstValue("Retry-After")).contains("900");
    }

    private static HttpResponse<String> signIn(
            Browser browser, ConfigurableApplicationContext instance, String email, String password) {
        return browser.postForm(
                uri(instance, "/signin"),
                uri(instance, "/signin"),
                Map.of("email", email, "password", password),
                Browser.HTML);
    }

    private static URI uri(ConfigurableApplicationContext instance, String path) {
        int port = ((WebServerApplicationContext) instance).getWebServer().getPort();
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static ConfigurableApplicationContext instance() {
        // Command-line arguments: the application's own property sources (the session defaults) would
        // win over default properties.
        return new SpringApplicationBuilder(LockoutApplication.class)
                .run(
                        "--server.port=0",
                        "--server.servlet.session.cookie.secure=false",
                        "--spring.main.banner-mode=off",
                        "--spendline.signin.sign-ups-per-address=1000",
                        "--spendline.test.control-plane-url=" + POSTGRES + "?currentSchema=" + SCHEMA,
                        "--spendline.test.control-plane-user=postgres");
    }

    private static void admin(String sql) throws SQLException {
        try (Connection admin = DriverManager.getConnection(POSTGRES, "postgres", "");
                Statement statement = admin.createStatement()) {
            statement.execute(sql);
        }
    }
}
