package dev.spendline.query.dashboard;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.actions.PreparedActionRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.action.ActionConfiguration;
import dev.spendline.query.alerts.AlertConfiguration;
import dev.spendline.query.budgets.BudgetConfiguration;
import dev.spendline.query.problems.ProblemHandler;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.query.signin.WorkspaceAuthentication;
import dev.spendline.query.signin.WorkspaceAuthentication.WorkspaceChoice;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import javax.sql.DataSource;
import org.mockito.Mockito;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;

/**
 * The web slice the dashboard's report views are tested in: the views with their real error pages
 * and write-action forms, the real write actions over {@code PreparedActions} on a private H2
 * database, a {@link FixedQueries} that answers what a test gives it, a clock a test can move,
 * and a Kafka-free {@link SettingsWriter} (a mock). Spring Security's default chain stands in for
 * the session chain: requests carry a {@link WorkspaceAuthentication} and POSTs a CSRF token.
 */
@SpringBootConfiguration
@EnableWebSecurity
@Import({
    DashboardReportsConfiguration.class,
    ActionConfiguration.class,
    BudgetConfiguration.class,
    AlertConfiguration.class,
    ProblemHandler.class
})
public class DashboardSlice {

    public static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");
    public static final String TEAM_WS = "ws_team";
    public static final String FREE_WS = "ws_free";

    /** A signed-in owner of a workspace with {@code plan}, as the session chain will build it. */
    public static WorkspaceAuthentication signedIn(String userId, Plan plan) {
        String workspace = plan == Plan.TEAM ? TEAM_WS : FREE_WS;
        return new WorkspaceAuthentication(
                new Principal(workspace, Credential.sessionUser(userId), plan),
                "Acme",
                userId,
                userId + "@example.com",
                Role.OWNER,
                List.of(new WorkspaceChoice(workspace, "Acme")));
    }

    @Bean
    FixedQueries queries() {
        return new FixedQueries();
    }

    @Bean
    MovableClock clock() {
        return new MovableClock(NOW);
    }

    @Bean
    DataSource dataSource() {
        // One connection for the whole context: the private in-memory database lives as long as it does.
        SingleConnectionDataSource dataSource = new SingleConnectionDataSource(
                "jdbc:h2:mem:dashboard_" + UUID.randomUUID().toString().replace("-", ""), "sa", "", true);
        ControlPlaneMigrations.migrate(dataSource);
        JdbcClient jdbc = JdbcClient.create(dataSource);
        for (String workspace : List.of(TEAM_WS, FREE_WS)) {
            jdbc.sql("insert into workspaces (id, name, plan, created_at) values (?, 'Acme', ?, ?)")
                    .params(workspace, workspace.equals(TEAM_WS) ? "TEAM" : "FREE", java.sql.Timestamp.from(NOW))
                    .update();
        }
        return dataSource;
    }

    @Bean
    PreparedActionRepository preparedActionRepository(DataSource dataSource) {
        return new PreparedActionRepository(JdbcClient.create(dataSource));
    }

    @Bean
    SettingsWriter settingsWriter() {
        return Mockito.mock(SettingsWriter.class);
    }

    /** Answers each kind of query with what the test set for it, and remembers every query. */
    public static final class FixedQueries implements Queries {

        private final Map<QueryType<?, ?>, Function<WorkspaceQuery, Object>> answers = new HashMap<>();
        public final List<WorkspaceQuery> asked = new ArrayList<>();

        public <Q extends WorkspaceQuery, A> void set(QueryType<Q, A> type, Function<Q, A> answer) {
            answers.put(type, q -> answer.apply(type.argumentType().cast(q)));
        }

        public void reset() {
            answers.clear();
            asked.clear();
        }

        @Override
        public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
            asked.add(query);
            Function<WorkspaceQuery, Object> answer = answers.get(type);
            if (answer == null) {
                throw new IllegalStateException("The test set no answer for " + type);
            }
            return type.answerType().cast(answer.apply(query));
        }

        public WorkspaceQuery last() {
            return asked.get(asked.size() - 1);
        }
    }

    /** A UTC clock that a test moves forward. */
    public static final class MovableClock extends Clock {

        private volatile Instant now;

        public MovableClock(Instant now) {
            this.now = now;
        }

        public void set(Instant instant) {
            now = instant;
        }

        public void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
