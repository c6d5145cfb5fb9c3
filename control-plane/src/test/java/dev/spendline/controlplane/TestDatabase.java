package dev.spendline.controlplane;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * A throw-away database for one test class: a private H2 in-memory database, or a private schema in the
 * PostgreSQL at {@code spendline.test.postgres.url}. PostgreSQL being unreachable is an error, never a skip.
 */
public final class TestDatabase implements AutoCloseable {

    enum Kind {
        H2,
        POSTGRES
    }

    public static final String POSTGRES_URL_PROPERTY = "spendline.test.postgres.url";
    private static final String DEFAULT_POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private static final String POSTGRES_USER = "postgres";

    private final Kind kind;
    private final HikariDataSource dataSource;
    private final String cleanupUrl;
    private final String cleanupSql;

    private TestDatabase(Kind kind, HikariDataSource dataSource, String cleanupUrl, String cleanupSql) {
        this.kind = kind;
        this.dataSource = dataSource;
        this.cleanupUrl = cleanupUrl;
        this.cleanupSql = cleanupSql;
    }

    /** The property naming the kinds to run, e.g. {@code H2} or {@code POSTGRES}; unset runs both. */
    static final String KINDS_PROPERTY = "spendline.test.databases";

    /** The kinds {@link DatabaseTest} runs on: surefire sets H2, failsafe POSTGRES (see the pom). */
    public static java.util.stream.Stream<Kind> kinds() {
        String names = System.getProperty(KINDS_PROPERTY, "H2,POSTGRES");
        return java.util.Arrays.stream(names.split(","))
                .map(String::trim)
                .filter(n -> !n.isEmpty())
                .map(Kind::valueOf);
    }

    public static TestDatabase open(Kind kind) {
        return switch (kind) {
            case H2 -> {
                String url = "jdbc:h2:mem:cp_test_" + randomSuffix() + ";DB_CLOSE_DELAY=-1";
                // DB_CLOSE_DELAY=-1 keeps the database alive between pooled connections; shutdown frees it.
                yield new TestDatabase(kind, pool(url, "sa"), url, "shutdown");
            }
            case POSTGRES -> openPostgres();
        };
    }

    private static TestDatabase openPostgres() {
        String url = System.getProperty(POSTGRES_URL_PROPERTY, DEFAULT_POSTGRES_URL);
        String schema = "cp_test_" + randomSuffix();
        try (Connection admin = DriverManager.getConnection(url, POSTGRES_USER, "");
                Statement statement = admin.createStatement()) {
            statement.execute("create schema " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "PostgreSQL is required for these tests but not usable at " + url + " (override with -D"
                            + POSTGRES_URL_PROPERTY + "=...)",
                    e);
        }
        String separator = url.contains("?") ? "&" : "?";
        return new TestDatabase(
                Kind.POSTGRES,
                pool(url + separator + "currentSchema=" + schema, POSTGRES_USER),
                url,
                "drop schema " + schema + " cascade");
    }

    private static HikariDataSource pool(String url, String user) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword("");
        // Enough for the concurrent-bootstrap test to really run its threads in parallel.
        config.setMaximumPoolSize(8);
        config.setMinimumIdle(0);
        return new HikariDataSource(config);
    }

    private static String randomSuffix() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 16).toLowerCase(Locale.ROOT);
    }

    public Kind kind() {
        return kind;
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** Closes the pool first, so no pooled connection is left to block the drop or trip over the shutdown. */
    @Override
    public void close() throws SQLException {
        dataSource.close();
        String user = kind == Kind.POSTGRES ? POSTGRES_USER : "sa";
        try (Connection connection = DriverManager.getConnection(cleanupUrl, user, "");
                Statement statement = connection.createStatement()) {
            statement.execute(cleanupSql);
        }
    }

    @Override
    public String toString() {
        return kind.name();
    }
}
