package dev.spendline.bench.process;

import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import java.sql.SQLException;

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
        PostgresFleet fleet = PostgresFleet.create(serverUrl, schemaPrefix, plan, 1);
        return new PostgresWorkspace(
                serverUrl, fleet.schema(), fleet.jdbcUrl(), fleet.keys().get(0));
    }

    @Override
    public void close() throws SQLException {
        new PostgresFleet(serverUrl, schema, jdbcUrl, java.util.List.of(key)).close();
    }
}
