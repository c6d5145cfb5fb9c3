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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A control plane of its own in a fresh PostgreSQL schema, with {@code count} workspaces and a key
 * each: what the services of a cluster test share. Closing it drops the schema.
 *
 * @param jdbcUrl the URL services are started with (the schema is the current one)
 * @param keys one key per workspace, in creation order
 */
public record PostgresFleet(String serverUrl, String schema, String jdbcUrl, List<IssuedApiKey> keys)
        implements AutoCloseable {

    public static PostgresFleet create(String serverUrl, String schemaPrefix, Plan plan, int count)
            throws SQLException {
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
        WorkspaceRepository workspaces = new WorkspaceRepository(jdbc, Clock.systemUTC());
        ApiKeyRepository apiKeys = new ApiKeyRepository(jdbc, Clock.systemUTC());
        List<IssuedApiKey> keys = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = count == 1 ? schemaPrefix : schemaPrefix + "-" + i;
            Workspace workspace = workspaces.create(name, plan);
            keys.add(apiKeys.issue(workspace.id(), name));
        }
        return new PostgresFleet(serverUrl, schema, jdbcUrl, List.copyOf(keys));
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = DriverManager.getConnection(serverUrl, "postgres", "");
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }
}
