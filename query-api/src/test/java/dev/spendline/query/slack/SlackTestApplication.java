package dev.spendline.query.slack;

import dev.spendline.ask.Reports;
import dev.spendline.contracts.query.Queries;
import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.query.ask.AskConfiguration;
import dev.spendline.query.dashboard.DashboardSlice;
import dev.spendline.query.dashboard.Formats;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The Slack app with the real control-plane repositories on a private H2 database, the real Ask
 * configuration over the read tools' stand-in answers ({@link Reports}, known figures), and the Slack
 * chain. A session-like chain with CSRF stands in for the dashboard's for {@code /app/**}.
 */
@SpringBootConfiguration
@EnableWebSecurity
@Import({ControlPlaneConfiguration.class, AskConfiguration.class, SlackConfiguration.class, Formats.class})
class SlackTestApplication {

    /** The moment of the stand-in answers; the clock can be moved (expired install states). */
    static final Instant NOW = Reports.NOW;

    /** A new user with {@code role} in {@code workspace}, signed in to the dashboard as the session chain makes them. */
    static dev.spendline.query.signin.WorkspaceAuthentication viewer(
            dev.spendline.controlplane.accounts.UserRepository users,
            dev.spendline.controlplane.workspaces.Workspace workspace,
            dev.spendline.controlplane.accounts.Role role) {
        dev.spendline.controlplane.accounts.User user =
                users.create(role.name().toLowerCase() + "-" + UUID.randomUUID() + "@example.com", "Ana", null);
        return new dev.spendline.query.signin.WorkspaceAuthentication(
                new dev.spendline.controlplane.Principal(
                        workspace.id(), dev.spendline.controlplane.Credential.sessionUser(user.id()), workspace.plan()),
                workspace.name(),
                user.id(),
                user.email(),
                role,
                java.util.List.of(new dev.spendline.query.signin.WorkspaceAuthentication.WorkspaceChoice(
                        workspace.id(), workspace.name())));
    }

    @Bean
    DashboardSlice.MovableClock clock() {
        return new DashboardSlice.MovableClock(NOW);
    }

    /**
     * H2 in memory, or with {@code spendline.test.slack-database=postgres} a schema of its own in the
     * PostgreSQL at 127.0.0.1:5432 (trust authentication, database {@code test}), dropped at the end.
     */
    @Bean(destroyMethod = "destroy")
    SingleConnectionDataSource dataSource(@Value("${spendline.test.slack-database:h2}") String database)
            throws SQLException {
        if (!database.equals("postgres")) {
            return new SingleConnectionDataSource("jdbc:h2:mem:slack_" + UUID.randomUUID(), "sa", "", true);
        }
        String schema = "slack_test_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection admin = DriverManager.getConnection(POSTGRES, "postgres", "");
                Statement statement = admin.createStatement()) {
            statement.execute("create schema " + schema);
        }
        return new SingleConnectionDataSource(POSTGRES + "?currentSchema=" + schema, "postgres", "", true) {
            @Override
            public void destroy() {
                super.destroy();
                try (Connection admin = DriverManager.getConnection(POSTGRES, "postgres", "");
                        Statement statement = admin.createStatement()) {
                    statement.execute("drop schema " + schema + " cascade");
                } catch (SQLException e) {
                    throw new IllegalStateException("could not drop " + schema, e);
                }
            }
        };
    }

    private static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/test";

    @Bean
    Queries queries() {
        return Reports.tools();
    }

    @Bean
    @Order(100)
    SecurityFilterChain sessionStandIn(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(authorize -> authorize.anyRequest().authenticated())
                .build();
    }
}
