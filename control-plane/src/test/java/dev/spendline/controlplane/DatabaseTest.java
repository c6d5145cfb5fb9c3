package dev.spendline.controlplane;

import dev.spendline.controlplane.actions.PreparedActionRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Runs every test of a subclass once on H2 and once on PostgreSQL, each against its own freshly migrated
 * database (one per test class and kind), with all tables emptied before each test. {@code ./mvnw test}
 * runs the H2 half (no PostgreSQL needed); {@code verify} runs the PostgreSQL half as an integration
 * test ({@link TestDatabase#kinds()}).
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.spendline.controlplane.TestDatabase#kinds")
public abstract class DatabaseTest {

    private static TestDatabase database;

    @Parameter
    protected TestDatabase.Kind kind;

    protected final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:15:30.123456Z"));
    protected JdbcClient jdbc;
    protected WorkspaceRepository workspaces;
    protected ApiKeyRepository keys;
    protected PreparedActionRepository preparedActions;

    @BeforeParameterizedClassInvocation
    static void openDatabase(TestDatabase.Kind kind) {
        database = TestDatabase.open(kind);
        ControlPlaneMigrations.migrate(database.dataSource());
    }

    @AfterParameterizedClassInvocation
    static void closeDatabase() throws Exception {
        if (database != null) { // null when opening failed; that failure is already reported
            database.close();
            database = null;
        }
    }

    @BeforeEach
    protected void emptyTablesAndCreateRepositories() {
        jdbc = JdbcClient.create(dataSource());
        for (String table : List.of(
                "otlp_mappings",
                "webhook_attempts",
                "webhook_endpoints",
                "sign_in_attempts",
                "slack_installations",
                "slack_oauth_states",
                "slack_events",
                "slack_alert_channels",
                "slack_alert_messages",
                "oauth_grants",
                "oauth2_authorization",
                "oauth2_authorization_consent",
                "oauth2_registered_client",
                "oauth_signing_keys",
                "spring_session_attributes",
                "spring_session",
                "setup_links",
                "invitations",
                "memberships",
                "user_identities",
                "users",
                "prepared_actions")) {
            jdbc.sql("delete from " + table).update();
        }
        jdbc.sql("delete from api_keys").update();
        jdbc.sql("delete from workspaces").update();
        jdbc.sql("delete from control_plane_bootstrap").update();
        workspaces = new WorkspaceRepository(jdbc, clock);
        keys = new ApiKeyRepository(jdbc, clock);
        preparedActions = new PreparedActionRepository(jdbc);
    }

    protected DataSource dataSource() {
        return database.dataSource();
    }
}
