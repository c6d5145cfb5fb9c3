package dev.spendline.query.security;

import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.query.openapi.OpenApiDocument;
import dev.spendline.query.problems.ContainerRefusals;
import dev.spendline.query.problems.ProblemHandler;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The public port's security: one chain per way in, each with its own matcher, tried in
 * {@link Chains order}, and a last chain that denies whatever no other chain claims. The internal
 * port has its own chain, first of all ({@link InternalPortSecurity}).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
public class SecurityConfiguration {

    /**
     * The order of the chains. A request is served by the first chain whose matcher claims it; the more
     * specific ways in come first, so that their paths never fall to a broader chain: the OAuth
     * authorization server's endpoints and pages before the dashboard's session chain, and the MCP
     * endpoint ({@code /api/mcp}) before the API-key chain's {@code /api/**}.
     */
    public static final class Chains {
        /** {@link InternalPortSecurity}: requests that arrived on the internal port. */
        public static final int INTERNAL_PORT = Ordered.HIGHEST_PRECEDENCE;
        /** Event and usage ingest: the ingest handler authenticates (it reads the body first). */
        public static final int INGEST = 10;
        /** {@code /livez}, {@code /readyz}: the probes a load balancer may ask on the public port. */
        public static final int PROBES = 20;
        /**
         * The OpenAPI document ({@code GET /api/v1/openapi.json}): public, as it describes the API and holds
         * nothing of any workspace; claimed before the API-key chain's {@code /api/**}.
         */
        public static final int OPENAPI = 21;
        /**
         * Slack's requests ({@code dev.spendline.query.slack.SlackSecurity}): {@code /slack/**}, verified by
         * Bolt with the signing secret; no session, CSRF off only there.
         */
        public static final int SLACK = 22;
        /**
         * The OAuth authorization server ({@code dev.spendline.query.oauth.AuthorizationServerSecurity}):
         * its metadata, registration, authorization, token, device and key-set endpoints and its consent
         * and device pages. Its users are the dashboard's signed-in users (the same session).
         */
        public static final int OAUTH_SERVER = 25;
        /** The dashboard's browser session ({@code dev.spendline.query.signin.SessionSecurity}). */
        public static final int SESSION = 30;
        /**
         * The MCP endpoint ({@code /api/mcp}) and its protected resource metadata: an OAuth access token
         * or a workspace API key ({@code dev.spendline.query.oauth.McpResourceSecurity}).
         */
        public static final int OAUTH_RESOURCE = 40;
        /** {@code /api/**}: a workspace API key as a bearer token. */
        public static final int API_KEY = 50;
        /** Everything else: 404. */
        public static final int DENY_ALL = Ordered.LOWEST_PRECEDENCE;

        private Chains() {}
    }

    static final RequestMatcher INGEST = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern("/api/v1/events"),
            PathPatternRequestMatcher.pathPattern("/api/v1/internal-usage"),
            // OTLP/HTTP traces (docs/opentelemetry.md): OTLP's own path, beside the API's.
            PathPatternRequestMatcher.pathPattern("/v1/traces"));
    static final RequestMatcher PROBES = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern(HttpMethod.GET, "/livez"),
            PathPatternRequestMatcher.pathPattern(HttpMethod.GET, "/readyz"));
    /**
     * Every method on the document's path, so that it belongs to this chain alone: GET is answered, any
     * other method 405 by the handler (never 401 from the API-key chain).
     */
    static final RequestMatcher OPENAPI = PathPatternRequestMatcher.pathPattern(OpenApiDocument.PATH);

    static final RequestMatcher API = PathPatternRequestMatcher.pathPattern("/api/**");

    /**
     * Spring Security's own observations without the filter-by-filter ones. With an {@code
     * ObservationRegistry} present (actuator), Spring Security wraps every filter of every chain in
     * an observation: a start, a stop and before/after events per filter, each a meter lookup by
     * tags. On the standalone under the freshness probe's report polling that was about a fifth of
     * the request threads' CPU (docs/performance.md, "Request threads"). A request is still measured
     * as a whole ({@code http.server.requests}), and authorization decisions are still observed
     * ({@code spring.security.authorizations}).
     */
    @Bean
    static SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.withDefaults()
                .shouldObserveRequests(false)
                .build();
    }

    /**
     * API keys are the only credentials of the API chain; as a bean it also stops Spring Boot from
     * creating a default user with a generated password.
     */
    @Bean
    AuthenticationManager apiKeyAuthenticationManager(ApiKeyAuthenticator authenticator) {
        return authentication -> authenticator
                .authenticate((String) authentication.getCredentials())
                .map(ApiKeyAuthentication::authenticated)
                .orElseThrow(() -> new BadCredentialsException("Unknown or revoked API key"));
    }

    /**
     * What Spring Security's firewall refuses before any chain ({@code ?%00=1}, an encoded slash, a
     * control character in the URL) is the client's fault: 400 problem+json, not the 500 of an
     * exception that reached the error path. A refusal raised later, when a parameter is first read,
     * is answered the same way (the body limit filter and the error handler know it).
     */
    @Bean
    RequestRejectedHandler requestRejectedHandler() {
        return (request, response, e) -> ProblemWriter.write(response, ContainerRefusals.rejected());
    }

    /** Ingest paths: open here because the ingest handler authenticates after reading the body. */
    @Bean
    @Order(Chains.INGEST)
    SecurityFilterChain ingestChain(HttpSecurity http) throws Exception {
        return openTo(http, INGEST);
    }

    @Bean
    @Order(Chains.PROBES)
    SecurityFilterChain probesChain(HttpSecurity http) throws Exception {
        return openTo(http, PROBES);
    }

    @Bean
    @Order(Chains.OPENAPI)
    SecurityFilterChain openApiChain(HttpSecurity http) throws Exception {
        return openTo(http, OPENAPI);
    }

    /** A chain that claims {@code paths}, lets them through unauthenticated and denies the rest. */
    private static SecurityFilterChain openTo(HttpSecurity http, RequestMatcher paths) throws Exception {
        return notFoundWhenDenied(stateless(http.securityMatcher(paths)))
                .authorizeHttpRequests(authorize -> authorize
                        .requestMatchers(paths)
                        .permitAll()
                        .anyRequest()
                        .denyAll())
                .build();
    }

    @Bean
    @Order(Chains.API_KEY)
    SecurityFilterChain apiKeyChain(HttpSecurity http, AuthenticationManager keys) throws Exception {
        AuthenticationFilter apiKeyFilter = new AuthenticationFilter(keys, request -> {
            String header = request.getHeader(HttpHeaders.AUTHORIZATION);
            if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
                return null;
            }
            return ApiKeyAuthentication.unauthenticated(header.substring(7).trim());
        });
        // Authenticated requests continue down the chain; the default handler would redirect.
        apiKeyFilter.setSuccessHandler((request, response, authentication) -> {});
        apiKeyFilter.setFailureHandler((request, response, e) -> unauthorized(response));
        return stateless(http.securityMatcher(API))
                .authorizeHttpRequests(authorize -> authorize.anyRequest().authenticated())
                .addFilterAt(apiKeyFilter, BasicAuthenticationFilter.class)
                .exceptionHandling(
                        errors -> errors.authenticationEntryPoint((request, response, e) -> unauthorized(response)))
                .build();
    }

    /**
     * What no chain claims is not there: 404, the same for a path that does not exist and for one
     * that exists only on the internal port ({@code /internal/**}, actuator), so the public port
     * tells nothing about either. Error dispatches pass, so a handler's own error still renders.
     */
    @Bean
    @Order(Chains.DENY_ALL)
    SecurityFilterChain denyAllChain(HttpSecurity http) throws Exception {
        return notFoundWhenDenied(stateless(http))
                .authorizeHttpRequests(authorize -> authorize
                        .dispatcherTypeMatchers(DispatcherType.ERROR)
                        .permitAll()
                        .anyRequest()
                        .denyAll())
                .build();
    }

    /**
     * Every chain permits only what it names and denies the rest; a denied request gets the same
     * 404 as a path that does not exist, so a refusal tells nothing about what lies behind it.
     */
    static HttpSecurity notFoundWhenDenied(HttpSecurity http) throws Exception {
        return http.exceptionHandling(
                errors -> errors.authenticationEntryPoint((request, response, e) -> notFound(response))
                        .accessDeniedHandler((request, response, e) -> notFound(response)));
    }

    /** Every public chain: no session, no CSRF (no cookies are read), no saved requests. */
    private static HttpSecurity stateless(HttpSecurity http) throws Exception {
        return http.csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable());
    }

    private static void unauthorized(HttpServletResponse response) throws IOException {
        ProblemWriter.write(
                response,
                HttpServletResponse.SC_UNAUTHORIZED,
                "unauthorized",
                "Missing or invalid API key",
                "Send a workspace API key as 'Authorization: Bearer <API key>'. A revoked key no longer works.");
    }

    private static void notFound(HttpServletResponse response) throws IOException {
        ProblemWriter.write(response, ProblemHandler.notFound());
    }
}
