package dev.spendline.controlplane;

import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Runs every test of a subclass once on H2 and once on PostgreSQL, each against its own freshly migrated
 * database (one per test class and kind), with all tables emptied before each test.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
abstract class DatabaseTest {

    private static TestDatabase database;

    @Parameter
    TestDatabase.Kind kind;

    final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:15:30.123456Z"));
    JdbcClient jdbc;
    WorkspaceRepository workspaces;
    ApiKeyRepository keys;
    PreparedActionRepository preparedActions;

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
    void emptyTablesAndCreateRepositories() {
        jdbc = JdbcClient.create(dataSource());
        jdbc.sql("delete from prepared_actions").update();
        jdbc.sql("delete from api_keys").update();
        jdbc.sql("delete from workspaces").update();
        jdbc.sql("delete from control_plane_bootstrap").update();
        workspaces = new WorkspaceRepository(jdbc, clock);
        keys = new ApiKeyRepository(jdbc, clock);
        preparedActions = new PreparedActionRepository(jdbc);
    }

    DataSource dataSource() {
        return database.dataSource();
    }
}
