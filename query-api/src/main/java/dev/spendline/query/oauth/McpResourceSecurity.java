package dev.spendline.query.oauth;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.oauth.OAuthTokenException;
import dev.spendline.query.security.SecurityConfiguration;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.AuthenticationManagerResolver;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.OAuth2ProtectedResourceMetadataClaimNames;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.web.BearerTokenAuthenticationEntryPoint;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The chain of the MCP endpoint ({@code /api/mcp} and below, {@link SecurityConfiguration.Chains#OAUTH_RESOURCE}),
 * and its protected resource metadata (RFC 9728). A request carries either an access token of this
 * server ({@link GrantCheck}) or a workspace API key ({@code Authorization: Bearer spl_…}, checked by the
 * API chain's {@code AuthenticationManager}); both end in the same {@link dev.spendline.controlplane.Principal}.
 * Without a credential: 401 with {@code WWW-Authenticate: Bearer resource_metadata="…"}, where an MCP
 * client starts OAuth discovery.
 */
@Configuration(proxyBeanMethods = false)
public class McpResourceSecurity {

    /** What an API key's secret starts with; anything else in the bearer header is taken as a JWT. */
    static final String API_KEY_PREFIX = "spl_";

    static final RequestMatcher MCP = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern(OAuthUrls.MCP_PATH),
            PathPatternRequestMatcher.pathPattern(OAuthUrls.MCP_PATH + "/**"));

    static final RequestMatcher RESOURCE_METADATA = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern(HttpMethod.GET, OAuthUrls.RESOURCE_METADATA_PATH),
            PathPatternRequestMatcher.pathPattern(HttpMethod.GET, OAuthUrls.RESOURCE_METADATA_PATH + "/**"));

    /**
     * Access tokens of this server only: signed with its key, its issuer, for the MCP endpoint, not
     * expired (by the application's clock) — the checks ingest applies too ({@link OAuthAccessTokens#decode}).
     * Also the decoder of the authorization server's own chain.
     */
    @Bean
    JwtDecoder oauthJwtDecoder(OAuthAccessTokens tokens, OAuthUrls urls) {
        return token -> {
            try {
                return tokens.decode(token, urls.issuer(), urls.resource());
            } catch (OAuthTokenException refused) {
                throw new BadJwtException(refused.getMessage());
            }
        };
    }

    @Bean
    @Order(SecurityConfiguration.Chains.OAUTH_RESOURCE)
    SecurityFilterChain mcpChain(
            HttpSecurity http,
            AuthenticationManager apiKeyAuthenticationManager,
            JwtDecoder oauthJwtDecoder,
            OAuthAccessTokens tokens,
            OAuthUrls urls)
            throws Exception {
        JwtAuthenticationProvider jwts = new JwtAuthenticationProvider(oauthJwtDecoder);
        jwts.setJwtAuthenticationConverter(new GrantCheck(tokens));
        AuthenticationManager oauth = new ProviderManager(jwts);
        AuthenticationManagerResolver<HttpServletRequest> byToken =
                request -> isApiKey(request) ? apiKeyAuthenticationManager : oauth;
        AuthenticationEntryPoint entryPoint = unauthorized(urls);
        return http.securityMatcher(new OrRequestMatcher(MCP, RESOURCE_METADATA))
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .authorizeHttpRequests(authorize -> authorize
                        .requestMatchers(RESOURCE_METADATA)
                        .permitAll()
                        .requestMatchers(MCP)
                        .authenticated()
                        .anyRequest()
                        .denyAll())
                .oauth2ResourceServer(resource -> resource.authenticationManagerResolver(byToken)
                        .authenticationEntryPoint(entryPoint)
                        .protectedResourceMetadata(metadata -> metadata.protectedResourceMetadataCustomizer(
                                builder -> builder.resource(urls.resource())
                                        .authorizationServer(urls.issuer())
                                        .scope(ClientRegistrations.SCOPE)
                                        .resourceName("Spendline MCP")
                                        .claims(claims -> {
                                            claims.put(
                                                    OAuth2ProtectedResourceMetadataClaimNames.BEARER_METHODS_SUPPORTED,
                                                    List.of("header"));
                                            claims.remove(
                                                    OAuth2ProtectedResourceMetadataClaimNames
                                                            .TLS_CLIENT_CERTIFICATE_BOUND_ACCESS_TOKENS);
                                        }))))
                .exceptionHandling(errors -> errors.authenticationEntryPoint(entryPoint))
                .build();
    }

    /**
     * 401 with {@code WWW-Authenticate: Bearer resource_metadata="…"} (MCP's authorization spec:
     * where a client starts OAuth discovery) and a problem+json body saying what to send. Why the
     * body: the entry point alone answers an empty body, and MCP clients print only the body
     * ("Error POSTing to endpoint: " and nothing else).
     */
    static AuthenticationEntryPoint unauthorized(OAuthUrls urls) {
        BearerTokenAuthenticationEntryPoint bearer = new BearerTokenAuthenticationEntryPoint();
        bearer.setResourceMetadataParameterResolver(request -> urls.resourceMetadata());
        return (request, response, e) -> {
            bearer.commence(request, response, e);
            String refused = e instanceof OAuth2AuthenticationException oauth
                            && oauth.getError().getDescription() != null
                    ? " Refused: " + oauth.getError().getDescription() + "."
                    : "";
            response.setContentType(ProblemJson.MEDIA_TYPE);
            response.getOutputStream()
                    .write(ProblemJson.render(
                            HttpServletResponse.SC_UNAUTHORIZED,
                            "unauthorized",
                            "Missing or invalid access token",
                            "Send an access token of Spendline's OAuth server or a workspace API key as"
                                    + " 'Authorization: Bearer <token>'. An MCP client finds how to sign in from the"
                                    + " resource metadata at " + urls.resourceMetadata() + " (see docs/mcp.md)."
                                    + refused,
                            List.of()));
        };
    }

    private static boolean isApiKey(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        return header != null
                && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && header.substring(7).trim().startsWith(API_KEY_PREFIX);
    }
}
