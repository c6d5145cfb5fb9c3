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

    /**
     * Issue #28, finding 14. H2 2.4.240 binds the constant list of a {@code CHECK (role in (...))}
     * to the session that created the constraint (h2database issue 4302): once that session is
     * closed, every insert fails with {@code Check constraint invalid: "MEMBERSHIPS_ROLE_CHECK: "}
     * until the database is reopened. The standalone migrates on connections of its own before its
     * pool opens the database, so the constraints in use are the ones H2 loads at open time and no
     * session's end can break them: here every pooled connection is replaced (as Hikari does after
     * max-lifetime) and inserts still pass.
     */
    @Test
    void constraintsKeepWorkingWhenEverySessionSinceTheMigrationIsGone() throws Exception {
        ControlPlaneDatabase.migrate(dataDir);
        // Hikari retires connections one by one (max-lifetime with a random spread): some session
        // always keeps the database open, so it is never reloaded in between.
        try (Connection other = ControlPlaneDatabase.dataSource(dataDir).getConnection();
                com.zaxxer.hikari.HikariDataSource pool = new com.zaxxer.hikari.HikariDataSource()) {
            pool.setJdbcUrl(ControlPlaneDatabase.url(dataDir));
            pool.setUsername(ControlPlaneDatabase.USER);
            pool.setPassword(ControlPlaneDatabase.password(dataDir));
            pool.setMaximumPoolSize(2);
            // As ControlPlaneConfiguration does in the context: nothing left to apply.
            dev.spendline.controlplane.ControlPlaneMigrations.migrate(pool);
            var jdbc = org.springframework.jdbc.core.simple.JdbcClient.create(pool);
            var clock = java.time.Clock.systemUTC();
            var workspaces = new dev.spendline.controlplane.workspaces.WorkspaceRepository(jdbc, clock);
            workspaces.create("before", dev.spendline.controlplane.workspaces.Plan.FREE);

            pool.getHikariPoolMXBean().softEvictConnections();
            // Hikari closes evicted connections on a thread of its own.
            Thread.sleep(1_000);
            assertThat(other.isValid(1)).isTrue();

            var workspace = workspaces.create("after", dev.spendline.controlplane.workspaces.Plan.TEAM);
            var user = new dev.spendline.controlplane.accounts.UserRepository(jdbc, clock)
                    .create("owner@example.com", "Owner", null);
            assertThat(new dev.spendline.controlplane.accounts.MembershipRepository(jdbc, clock)
                            .add(workspace.id(), user.id(), dev.spendline.controlplane.accounts.Role.OWNER))
                    .isTrue();
        }
    }
}
