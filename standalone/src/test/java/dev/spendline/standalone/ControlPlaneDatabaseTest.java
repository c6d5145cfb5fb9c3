package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control-plane database of a data directory: a generated password, also for directories made before one. */
class ControlPlaneDatabaseTest {

    @TempDir
    Path dataDir;

    @Test
    void aNewDataDirectoryGetsAGeneratedPasswordKeptForItsOwnerOnly() throws Exception {
        String password = ControlPlaneDatabase.password(dataDir);
        assertThat(password).hasSize(43);
        assertThat(ControlPlaneDatabase.password(dataDir))
                .as("the same on the next start")
                .isEqualTo(password);
        // A set: compared as one, since its order is the file system's.
        assertThat(Files.getPosixFilePermissions(LocalSecrets.databasePasswordFile(dataDir)))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        try (Connection c = ControlPlaneDatabase.dataSource(dataDir).getConnection()) {
            assertThat(c.isValid(1)).isTrue();
        }
        assertThatThrownBy(() -> DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "")
                        .close())
                .isInstanceOf(SQLException.class);
    }

    @Test
    void aDatabaseOfAnEarlierVersionGetsAPasswordAndKeepsItsData() throws Exception {
        // As versions before issue #13 made it: user sa, empty password, no password file.
        try (Connection c = DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "");
                Statement s = c.createStatement()) {
            s.execute("create table kept(v int)");
            s.execute("insert into kept values (42)");
        }
        assertThat(LocalSecrets.databasePasswordFile(dataDir)).doesNotExist();

        String password = ControlPlaneDatabase.password(dataDir);

        assertThatThrownBy(() -> DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "")
                        .close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Wrong user name or password");
        try (Connection c = DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", password);
                Statement s = c.createStatement();
                var rs = s.executeQuery("select v from kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        }
    }

    /** A start that stopped after setting the password and before keeping it still gets in. */
    @Test
    void aMigrationCutOffAfterSettingThePasswordIsFinishedByTheNextStart() throws Exception {
        try (Connection c = DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "");
                Statement s = c.createStatement()) {
            s.execute("create table kept(v int)");
        }
        Path pending = LocalSecrets.databasePasswordFile(dataDir).resolveSibling("password.pending");
        String set = LocalSecrets.readOrCreate(pending);
        try (Connection c = DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "");
                Statement s = c.createStatement()) {
            s.execute("ALTER USER sa SET PASSWORD '" + set + "'");
        }

        assertThat(ControlPlaneDatabase.password(dataDir)).isEqualTo(set);
        assertThat(LocalSecrets.databasePasswordFile(dataDir)).exists();
        assertThat(pending).doesNotExist();
        try (Connection c = ControlPlaneDatabase.dataSource(dataDir).getConnection()) {
            assertThat(c.isValid(1)).isTrue();
        }
    }

    /** A start that stopped before setting the password sets it now, with the same one. */
    @Test
    void aMigrationCutOffBeforeSettingThePasswordIsFinishedByTheNextStart() throws Exception {
        try (Connection c = DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "");
                Statement s = c.createStatement()) {
            s.execute("create table kept(v int)");
        }
        String kept = LocalSecrets.readOrCreate(
                LocalSecrets.databasePasswordFile(dataDir).resolveSibling("password.pending"));

        assertThat(ControlPlaneDatabase.password(dataDir)).isEqualTo(kept);
        assertThatThrownBy(() -> DriverManager.getConnection(ControlPlaneDatabase.url(dataDir), "sa", "")
                        .close())
                .isInstanceOf(SQLException.class);
    }
}
