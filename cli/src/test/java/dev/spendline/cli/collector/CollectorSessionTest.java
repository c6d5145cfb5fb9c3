package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.cli.Environment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CollectorSessionTest {

    @TempDir
    Path home;

    private FakeSpendline spendline;
    private Environment environment;
    private MutableClock clock;

    /** A clock the test moves forward. */
    static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-11-25T10:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @BeforeEach
    void start() throws Exception {
        spendline = new FakeSpendline();
        Properties properties = new Properties();
        properties.setProperty("user.home", home.toString());
        environment =
                new Environment(Map.of("HOME", home.toString(), Environment.CREDENTIAL_STORE, "file"), properties);
        clock = new MutableClock();
    }

    @AfterEach
    void stop() {
        spendline.close();
    }

    private CollectorSession startedSession() {
        OAuthClient client = new OAuthClient(spendline.url());
        CollectorSession session = new CollectorSession(client, environment, "file", clock);
        spendline.expiresIn = 300;
        session.start(client.refresh(seedRefreshToken()));
        return session;
    }

    /** A refresh token the fake knows, as if setup had just run. */
    private String seedRefreshToken() {
        spendline.currentRefreshToken = "seed";
        return "seed";
    }

    @Test
    void theAccessTokenIsReusedUntilAMinuteBeforeExpiryThenRefreshedAndTheRotatedTokenStored() throws Exception {
        CollectorSession session = startedSession();
        String first = session.token();
        clock.now = clock.now.plus(Duration.ofSeconds(200));
        assertThat(session.token()).isEqualTo(first);
        int requests = spendline.tokenRequests.size();

        clock.now = clock.now.plus(Duration.ofSeconds(50)); // 250 s of 300: within the last minute
        String second = session.token();
        assertThat(second).isNotEqualTo(first);
        assertThat(spendline.tokenRequests).hasSize(requests + 1);
        assertThat(spendline.tokenRequests.get(requests))
                .containsEntry("grant_type", "refresh_token")
                .containsEntry("client_id", "spendline-collector")
                .containsEntry("resource", spendline.url() + "/api/v1/internal-usage");
        Path file = environment.configDir().resolve("collector-credentials");
        assertThat(Files.readString(file).trim()).isEqualTo(spendline.currentRefreshToken);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
    }

    @Test
    void a401MakesTheNextCallRefresh() throws Exception {
        CollectorSession session = startedSession();
        String first = session.token();
        session.unauthorized("some-older-token");
        assertThat(session.token()).isEqualTo(first);
        session.unauthorized(first);
        assertThat(session.token()).isNotEqualTo(first);
    }

    @Test
    void invalidGrantEndsTheSessionWithWhatToRun() throws Exception {
        CollectorSession session = startedSession();
        session.token();
        spendline.currentRefreshToken = "revoked-by-the-server";
        clock.now = clock.now.plus(Duration.ofHours(1));
        assertThatThrownBy(session::token)
                .isInstanceOf(CollectorSession.SessionEndedException.class)
                .hasMessageContaining("invalid_grant")
                .hasMessageContaining("run 'spendline collector setup' again");
    }
}
