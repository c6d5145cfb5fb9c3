package dev.spendline.query.security;

import dev.spendline.controlplane.ApiKeyAuthenticator;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AndRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The application's one security filter chain. {@code /api/**} needs a workspace API key as a
 * bearer token, except the two ingest paths, which the gateway authenticates itself (in standalone
 * they share this servlet container). Health, metrics and the instance-to-instance query endpoint
 * are open: expose them on the internal network only.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
public class SecurityConfiguration {

    private static final RequestMatcher INGEST = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern("/api/v1/events"),
            PathPatternRequestMatcher.pathPattern("/api/v1/internal-usage"));
    private static final RequestMatcher API = PathPatternRequestMatcher.pathPattern("/api/**");

    /**
     * API keys are the only credentials; as a bean it also stops Spring Boot from creating a
     * default user with a generated password.
     */
    @Bean
    AuthenticationManager apiKeyAuthenticationManager(ApiKeyAuthenticator authenticator) {
        return authentication -> authenticator
                .authenticate((String) authentication.getCredentials())
                .map(ApiKeyAuthentication::authenticated)
                .orElseThrow(() -> new BadCredentialsException("Unknown or revoked API key"));
    }

    @Bean
    SecurityFilterChain securityFilterChain(HttpSecurity http, AuthenticationManager keys) throws Exception {
        AuthenticationFilter apiKeyFilter = new AuthenticationFilter(keys, request -> {
            String header = request.getHeader(HttpHeaders.AUTHORIZATION);
            if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
                return null;
            }
            return ApiKeyAuthentication.unauthenticated(header.substring(7).trim());
        });
        apiKeyFilter.setRequestMatcher(new AndRequestMatcher(API, new NegatedRequestMatcher(INGEST)));
        // Authenticated requests continue down the chain; the default handler would redirect.
        apiKeyFilter.setSuccessHandler((request, response, authentication) -> {});
        apiKeyFilter.setFailureHandler((request, response, e) -> unauthorized(response));

        http.authorizeHttpRequests(authorize -> authorize
                        .requestMatchers(INGEST)
                        .permitAll()
                        .requestMatchers(API)
                        .authenticated()
                        .anyRequest()
                        .permitAll())
                .addFilterAt(apiKeyFilter, BasicAuthenticationFilter.class)
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .exceptionHandling(
                        errors -> errors.authenticationEntryPoint((request, response, e) -> unauthorized(response)));
        return http.build();
    }

    private static void unauthorized(HttpServletResponse response) throws java.io.IOException {
        ProblemWriter.write(
                response,
                HttpServletResponse.SC_UNAUTHORIZED,
                "unauthorized",
                "Missing or invalid API key",
                "Send a workspace API key as 'Authorization: Bearer <API key>'. A revoked key no longer works.");
    }
}
