package dev.spendline.standalone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The standalone's control-plane database: an H2 file in the data directory that other local
 * processes ({@code create-key} while Spendline runs) open through H2's auto-server. That server
 * listens on loopback only ({@code h2.bindAddress}) and the database has a generated password
 * kept in the data directory, so nothing on the network and no other local user gets in.
 * Data directories of earlier versions (user {@code sa}, empty password) get a password on their
 * first start.
 */
final class ControlPlaneDatabase {

    static final String USER = "sa";

    private ControlPlaneDatabase() {}

    /** Binds every H2 server socket of this JVM to loopback; call before H2 opens a database. */
    static void bindToLoopback() {
        System.setProperty("h2.bindAddress", "127.0.0.1");
    }

    static String url(Path dataDir) {
        return "jdbc:h2:file:" + dataDir.resolve("controlplane/spendline") + ";AUTO_SERVER=TRUE";
    }

    /** The password, created (and set on a database of an earlier version) if there is none yet. */
    static String password(Path dataDir) {
        bindToLoopback();
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

    /** A data source for another process of the same installation (the key commands). */
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
