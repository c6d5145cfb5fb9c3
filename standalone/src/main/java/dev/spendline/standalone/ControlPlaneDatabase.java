package dev.spendline.standalone;

import dev.spendline.controlplane.ControlPlaneMigrations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.api.ErrorCode;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The standalone's control-plane database: an H2 file in the data directory, opened by one
 * process at a time (H2's file lock) and by no network connection at all. While Spendline runs,
 * the key commands ask the running process ({@link RunningStandalone}) instead of opening the
 * file; when it does not run, they open the file themselves. The database has a generated
 * password kept in the data directory; data directories of earlier versions (user {@code sa},
 * empty password) get one on their first start.
 *
 * <p>Why no auto-server any more (issue #28, finding 14): through it a key command's session ran
 * Flyway inside the running Spendline, and H2 2.4.240 keeps the constant list of a {@code CHECK
 * (role in (...))} bound to the session that created the constraint (h2database issue 4302, fixed
 * in 2.5, which the build now uses). A command that applied a migration there (during a slow first start, when it
 * won Flyway's lock) left constraints whose session closed when the command exited: every insert
 * into those tables then failed with {@code Check constraint invalid: "MEMBERSHIPS_ROLE_CHECK: "}
 * until a restart reopened the database. Besides the H2 upgrade, {@link #migrate} applies
 * migrations on connections of their own and lets the database close before the pool opens it, so
 * the constraints Spendline uses are always the ones H2 loads at open time, whatever H2 version.
 */
final class ControlPlaneDatabase {

    static final String USER = "sa";

    private ControlPlaneDatabase() {}

    static String url(Path dataDir) {
        return "jdbc:h2:file:" + dataDir.resolve("controlplane/spendline");
    }

    /**
     * Applies the schema migrations on connections opened here and closed before returning; call
     * while nothing else in this JVM has the database open, so H2 closes it afterwards and the
     * next open loads every constraint afresh (see the class comment).
     *
     * @throws IllegalStateException when another process has the database open
     */
    static void migrate(Path dataDir) {
        try {
            ControlPlaneMigrations.migrate(dataSource(dataDir));
        } catch (RuntimeException e) {
            throw inUse(dataDir, e);
        }
    }

    /** A clear message when the cause is H2's file lock (another process has the database). */
    static RuntimeException inUse(Path dataDir, RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getErrorCode() == ErrorCode.DATABASE_ALREADY_OPEN_1) {
                return new IllegalStateException(
                        "The control-plane database in " + dataDir + " is open in another process: a Spendline"
                                + " started on this data directory, or a bin/spendline-local command still running."
                                + " Stop it, or wait for the command to finish, and try again.",
                        e);
            }
        }
        return e;
    }

    /** The password, created (and set on a database of an earlier version) if there is none yet. */
    static String password(Path dataDir) {
        Path file = LocalSecrets.databasePasswordFile(dataDir);
        boolean databaseExists = Files.exists(dataDir.resolve("controlplane/spendline.mv.db"));
        if (Files.exists(file) || !databaseExists) {
            return LocalSecrets.readOrCreate(file);
        }
        // A database made before passwords. The new password is kept aside until the database has
        // it, then moved into place: a crash at any point leaves a state the next start finishes.
        Path pending = file.resolveSibling(file.getFileName() + ".pending");
        String password = LocalSecrets.readOrCreate(pending);
        try (Connection c = dataSource(dataDir, "").getConnection();
                Statement s = c.createStatement()) {
            s.execute("ALTER USER " + USER + " SET PASSWORD '" + password + "'");
        } catch (SQLException e) {
            if (!opensWith(dataDir, password)) {
                throw new IllegalStateException(
                        "Cannot set a password on the control-plane database in " + dataDir
                                + " (opened with the empty password of earlier versions): " + e.getMessage(),
                        e);
            }
            // The previous start set it and stopped before moving the file: nothing more to do.
        }
        try {
            Files.move(pending, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the database password in " + file, e);
        }
        return password;
    }

    private static boolean opensWith(Path dataDir, String password) {
        try (Connection c = dataSource(dataDir, password).getConnection()) {
            return c.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }

    /** A data source without a pool: for the key commands and the migrations before start-up. */
    static JdbcDataSource dataSource(Path dataDir) {
        return dataSource(dataDir, password(dataDir));
    }

    private static JdbcDataSource dataSource(Path dataDir, String password) {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL(url(dataDir));
        dataSource.setUser(USER);
        dataSource.setPassword(password);
        return dataSource;
    }
}
