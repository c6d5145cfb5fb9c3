package dev.spendline.query.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.slack.SlackSecurity;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every chain of the public port, and the internal port's, against the real API-key authenticator
 * over an in-memory control plane; the endpoints behind them are stand-ins that say who reached them.
 */
@WebMvcTest(controllers = SecurityChainsTest.Endpoints.class)
class SecurityChainsTest {

    private static final int INTERNAL_PORT = 9080;

    /** The names of the observations started, in order. */
    static final List<String> OBSERVED = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    ApiKeyRepository keys;

    @Autowired
    InternalPort internalPort;

    @Autowired
    List<SecurityFilterChain> chains;

    private IssuedApiKey key;

    @BeforeEach
    void issueKey() {
        key = keys.issue(
                workspaces.create("Acme " + UUID.randomUUID(), Plan.TEAM).id(), "test");
        internalPort.use(INTERNAL_PORT);
    }

    @Test
    void theApiNeedsAWorkspaceKeyAndActsForItsWorkspace() throws Exception {
        mvc.perform(get("/api/v1/reports/spend"))
                .andExpect(status().isUnauthorized())
                .andExpect(content().contentType("application/problem+json"))
                .andExpect(header().string("WWW-Authenticate", "Bearer"))
                .andExpect(jsonPath("$.code").value("unauthorized"));
        mvc.perform(get("/api/v1/reports/spend").header("Authorization", "Bearer spl_not-a-key"))
                .andExpect(status().isUnauthorized());
        mvc.perform(get("/api/v1/reports/spend").header("Authorization", "Basic " + key.secret()))
                .andExpect(status().isUnauthorized());
        mvc.perform(get("/api/v1/reports/spend").header("Authorization", "Bearer " + key.secret()))
                .andExpect(status().isOk())
                .andExpect(content()
                        .string("report for " + key.key().workspaceId() + " by api_key:"
                                + key.key().id()));
    }

    @Test
    void aRevokedKeyIsRefused() throws Exception {
        keys.revoke(key.key().id());
        mvc.perform(get("/api/v1/reports/spend").header("Authorization", "Bearer " + key.secret()))
                .andExpect(status().isUnauthorized());
    }

    @Test
    void ingestReachesItsHandlerWhichAuthenticatesItself() throws Exception {
        mvc.perform(post("/api/v1/events")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{}"))
                .andExpect(status().isOk())
                .andExpect(content().string("ingest handler"));
        // OTLP's path is outside /api/**: without the ingest chain the deny-all chain would answer 404.
        mvc.perform(post("/v1/traces").contentType("application/x-protobuf").content(new byte[0]))
                .andExpect(status().isOk())
                .andExpect(content().string("otlp traces handler"));
    }

    /**
     * Spring Security measures its authorization decisions but not each filter of the chain: per-filter
     * observations cost a fifth of the request threads on the standalone (SecurityConfiguration).
     */
    @Test
    void requestsAreNotObservedFilterByFilter() throws Exception {
        OBSERVED.clear();
        mvc.perform(get("/api/v1/reports/spend").header("Authorization", "Bearer " + key.secret()))
                .andExpect(status().isOk());
        assertThat(OBSERVED).contains("spring.security.authorizations");
        assertThat(OBSERVED).noneMatch(name -> name.startsWith("spring.security.filterchain"));
    }

    @Test
    void theProbesAreOpen() throws Exception {
        mvc.perform(get("/livez")).andExpect(status().isOk());
        mvc.perform(get("/readyz")).andExpect(status().isOk());
    }

    /** The OpenAPI document is public; its path belongs to its own chain, whatever the method. */
    @Test
    void theOpenApiDocumentIsPublicAndItsPathNeverFallsToTheApiKeyChain() throws Exception {
        mvc.perform(get("/api/v1/openapi.json"))
                .andExpect(status().isOk())
                .andExpect(content().string("openapi document"));
        mvc.perform(get("/api/v1/openapi.json").header("Authorization", "Bearer spl_not-a-key"))
                .andExpect(status().isOk());
        // Another method reaches the handler mapping (405), not the API-key chain (401).
        mvc.perform(post("/api/v1/openapi.json").content("{}")).andExpect(status().isMethodNotAllowed());
        // Only that path: its neighbours still need a key.
        mvc.perform(get("/api/v1/openapi.json/x")).andExpect(status().isUnauthorized());
        mvc.perform(get("/api/v1/openapi.yaml")).andExpect(status().isUnauthorized());
    }

    @Test
    void whatNoChainClaimsIsNotThereOnThePublicPort() throws Exception {
        for (String path : List.of(
                "/internal/v1/queries/spend_by",
                "/actuator/prometheus",
                "/actuator/health",
                "/actuator/env",
                "/",
                "/nothing-here",
                "/error")) {
            mvc.perform(get(path).header("Authorization", "Bearer " + key.secret()))
                    .andExpect(status().isNotFound())
                    .andExpect(content().contentType("application/problem+json"))
                    .andExpect(jsonPath("$.code").value("not_found"));
        }
        mvc.perform(post("/internal/v1/queries/spend_by").content("{}")).andExpect(status().isNotFound());
    }

    @Test
    void theInternalPortHasItsOwnChainAndNoPublicOneSeesItsRequests() throws Exception {
        mvc.perform(get("/actuator/health").with(request -> {
                    request.setLocalPort(INTERNAL_PORT);
                    return request;
                }))
                .andExpect(status().isOk())
                .andExpect(content().string("health"));
        // The internal route checks the instance credential itself, so this chain lets it through.
        mvc.perform(post("/internal/v1/queries/spend_by").content("{}").with(request -> {
                    request.setLocalPort(INTERNAL_PORT);
                    return request;
                }))
                .andExpect(status().isOk())
                .andExpect(content().string("internal query"));
    }

    /** The internal port serves actuator and the instance queries; anything else there is denied. */
    @Test
    void theInternalPortDeniesWhatItDoesNotServe() throws Exception {
        for (String path : List.of("/api/v1/reports/spend", "/nothing-here", "/internal/v1/queries/spend_by")) {
            mvc.perform(get(path)
                            .header("Authorization", "Bearer " + key.secret())
                            .with(request -> {
                                request.setLocalPort(INTERNAL_PORT);
                                return request;
                            }))
                    .andExpect(status().isNotFound())
                    .andExpect(content().contentType("application/problem+json"))
                    .andExpect(jsonPath("$.code").value("not_found"));
        }
    }

    @Test
    void slackRequestsReachTheirEndpointWithoutCsrfOrSessionAndOtherSlackPathsAreNotFound() throws Exception {
        MvcResult slack = mvc.perform(post("/slack/events").content("{}")).andReturn();
        assertThat(slack.getResponse().getStatus()).isEqualTo(200);
        assertThat(slack.getResponse().getContentAsString()).isEqualTo("slack endpoint");
        assertThat(slack.getResponse().getHeader("Set-Cookie")).isNull();
        assertThat(mvc.perform(get("/slack/anything")).andReturn().getResponse().getStatus())
                .isEqualTo(404);
    }

    @Test
    void theChainsAreOrderedInternalIngestProbesApiDenyAll() {
        List<SecurityFilterChain> ordered =
                chains.stream().sorted(AnnotationAwareOrderComparator.INSTANCE).toList();
        assertThat(ordered).hasSize(7);
        assertThat(ordered.get(ordered.size() - 1).getFilters()).isNotEmpty();
        assertThat(SecurityConfiguration.Chains.INTERNAL_PORT)
                .isLessThan(SecurityConfiguration.Chains.INGEST)
                .isLessThan(SecurityConfiguration.Chains.PROBES);
        assertThat(SecurityConfiguration.Chains.OPENAPI)
                .isGreaterThan(SecurityConfiguration.Chains.PROBES)
                .isLessThan(SecurityConfiguration.Chains.API_KEY);
        assertThat(SecurityConfiguration.Chains.SLACK)
                .isGreaterThan(SecurityConfiguration.Chains.PROBES)
                .isLessThan(SecurityConfiguration.Chains.SESSION);
        assertThat(SecurityConfiguration.Chains.PROBES)
                .isLessThan(SecurityConfiguration.Chains.SESSION)
                .isLessThan(SecurityConfiguration.Chains.OAUTH_RESOURCE)
                .isLessThan(SecurityConfiguration.Chains.API_KEY)
                .isLessThan(SecurityConfiguration.Chains.DENY_ALL);
    }

    /** Stand-ins for the real endpoints: each says it was reached, and for whom. */
    @RestController
    static class Endpoints {

        @GetMapping("/api/v1/reports/spend")
        String report(@AuthenticationPrincipal Principal principal) {
            return principal == null
                    ? "report for nobody"
                    : "report for " + principal.workspaceId() + " by "
                            + principal.credential().reference();
        }

        @GetMapping("/api/v1/openapi.json")
        String openApi() {
            return "openapi document";
        }

        @PostMapping("/slack/events")
        String slack() {
            return "slack endpoint";
        }

        @PostMapping("/api/v1/events")
        String ingest() {
            return "ingest handler";
        }

        @PostMapping("/v1/traces")
        String otlpTraces() {
            return "otlp traces handler";
        }

        @PostMapping("/internal/v1/queries/spend_by")
        String internalQuery() {
            return "internal query";
        }

        @GetMapping({"/livez", "/readyz", "/actuator/health"})
        String health() {
            return "health";
        }

        @GetMapping({"/internal/v1/queries/spend_by", "/actuator/prometheus", "/actuator/env", "/", "/nothing-here"})
        String mustNotBeReached() {
            return "reached";
        }
    }

    @SpringBootConfiguration
    @Import({SecurityConfiguration.class, InternalPortSecurity.class, SlackSecurity.class, Endpoints.class})
    static class Config {

        /** An observation registry as actuator provides one, remembering what was observed. */
        @Bean
        ObservationRegistry observationRegistry() {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<Observation.Context>() {
                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }

                @Override
                public void onStart(Observation.Context context) {
                    OBSERVED.add(context.getName());
                }
            });
            return registry;
        }

        @Bean
        DataSource controlPlane() {
            // A pool keeps a connection open, and with it the in-memory database.
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(
                    "jdbc:h2:mem:chains_" + UUID.randomUUID().toString().replace("-", ""));
            dataSource.setUsername("sa");
            dataSource.setMinimumIdle(1);
            ControlPlaneMigrations.migrate(dataSource);
            return dataSource;
        }

        @Bean
        WorkspaceRepository workspaceRepository(DataSource controlPlane) {
            return new WorkspaceRepository(
                    org.springframework.jdbc.core.simple.JdbcClient.create(controlPlane), Clock.systemUTC());
        }

        @Bean
        ApiKeyRepository apiKeyRepository(DataSource controlPlane) {
            return new ApiKeyRepository(
                    org.springframework.jdbc.core.simple.JdbcClient.create(controlPlane), Clock.systemUTC());
        }

        @Bean
        ApiKeyAuthenticator apiKeyAuthenticator(ApiKeyRepository keys, WorkspaceRepository workspaces) {
            return new ApiKeyAuthenticator(keys, workspaces, Duration.ZERO, Clock.systemUTC());
        }
    }
}
