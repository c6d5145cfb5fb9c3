package dev.spendline.query.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.problems.ProblemHandler;
import dev.spendline.query.signin.WorkspaceAuthentication;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * What the dashboard's web-slice tests share: a signed-in user of one workspace, a clock at a
 * fixed moment, and a {@link Queries} that answers each kind of read with a test's fixed report
 * and remembers what it was asked. Spring Security's default chain stands in for the session chain.
 */
public final class DashboardTests {

    /** Wednesday 2026-11-11 00:00 UTC: ten days of November's thirty have passed. */
    public static final Instant NOW = Instant.parse("2026-11-11T00:00:00Z");

    public static final String WORKSPACE = "ws_dash";
    public static final String BASE_URL = "https://spendline.example.com";

    private DashboardTests() {}

    /** Ada, owner of the workspace {@link #WORKSPACE}, signed in. */
    public static WorkspaceAuthentication signedIn() {
        return new WorkspaceAuthentication(
                new Principal(WORKSPACE, Credential.sessionUser("usr_ada"), Plan.TEAM),
                "Acme",
                "usr_ada",
                "ada@example.com",
                Role.OWNER,
                List.of(new WorkspaceAuthentication.WorkspaceChoice(WORKSPACE, "Acme")));
    }

    /**
     * The body of {@code GET url} (a URI template: {@code {name}} takes the next value, encoded) for
     * the signed-in user, after checking its status.
     */
    public static String render(MockMvc mvc, int status, String url, Object... values) throws Exception {
        MvcResult result =
                mvc.perform(get(url, values).with(authentication(signedIn()))).andReturn();
        assertThat(result.getResponse().getStatus()).as(url).isEqualTo(status);
        return result.getResponse().getContentAsString();
    }

    /** Answers each kind of read with the function a test set, and remembers every query. */
    public static final class FakeQueries implements Queries {

        private final Map<QueryType<?, ?>, BiFunction<QueryType<?, ?>, WorkspaceQuery, Object>> answers =
                new HashMap<>();
        public final List<WorkspaceQuery> asked = new ArrayList<>();

        public <Q extends WorkspaceQuery, A> void on(QueryType<Q, A> type, Function<Q, A> answer) {
            answers.put(type, (t, q) -> answer.apply(type.argumentType().cast(q)));
        }

        public void reset() {
            answers.clear();
            asked.clear();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
            asked.add(query);
            BiFunction<QueryType<?, ?>, WorkspaceQuery, Object> answer = answers.get(type);
            if (answer == null) {
                throw new AssertionError("no answer set for " + type.name());
            }
            return (A) answer.apply(type, query);
        }

        /** The queries of one kind, in the order asked. */
        public <Q extends WorkspaceQuery> List<Q> of(Class<Q> kind) {
            return asked.stream().filter(kind::isInstance).map(kind::cast).toList();
        }
    }

    /** The dashboard's views over the fake, with the API's error handler behind the pages' one. */
    @Configuration(proxyBeanMethods = false)
    @EnableWebSecurity
    @Import({DashboardConfiguration.class, ProblemHandler.class})
    public static class Slice {

        @Bean
        FakeQueries queries() {
            return new FakeQueries();
        }

        @Bean
        Clock clock() {
            return Clock.fixed(NOW, ZoneOffset.UTC);
        }

        @Bean
        PublicAddress publicAddress() {
            return new PublicAddress(BASE_URL);
        }
    }
}
