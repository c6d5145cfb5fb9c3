package dev.spendline.bench.process;

import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A control plane of its own in a fresh PostgreSQL schema, with one workspace and its first key:
 * what an operator sets up once before the gateway and the streams app are deployed. Closing it
 * drops the schema.
 *
 * @param jdbcUrl the URL services are started with (the schema is the current one)
 * @param key the workspace's first key
 */
public record PostgresWorkspace(String serverUrl, String schema, String jdbcUrl, IssuedApiKey key)
        implements AutoCloseable {

    /** The database the tests and the benchmark use (trust auth, user postgres). */
    public static final String DEFAULT_SERVER = "jdbc:postgresql://127.0.0.1:5432/test";

    public static PostgresWorkspace create(String serverUrl, String schemaPrefix, Plan plan) throws SQLException {
        String schema = schemaPrefix + "_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(serverUrl, "postgres", "");
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        String jdbcUrl = serverUrl + (serverUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        DriverManagerDataSource dataSource = new DriverManagerDataSource(jdbcUrl, "postgres", "");
        ControlPlaneMigrations.migrate(dataSource);
        JdbcClient jdbc = JdbcClient.create(dataSource);
        Workspace workspace = new WorkspaceRepository(jdbc, Clock.systemUTC()).create(schemaPrefix, plan);
        IssuedApiKey key = new ApiKeyRepository(jdbc, Clock.systemUTC()).issue(workspace.id(), schemaPrefix);
        return new PostgresWorkspace(serverUrl, schema, jdbcUrl, key);
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = DriverManager.getConnection(serverUrl, "postgres", "");
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }
}
