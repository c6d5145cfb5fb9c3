package dev.spendline.query.slack;

import dev.spendline.query.security.SecurityConfiguration.Chains;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The Slack chain: Slack's requests to {@code /slack/events} and {@code /slack/commands}. Open to
 * Spring Security because they carry no session or key: Bolt verifies each one with the signing secret
 * before anything runs. CSRF is off only here (Slack signs its requests; there is no cookie to forge
 * with), no session is created, and any other path under {@code /slack/} is denied.
 */
@Configuration(proxyBeanMethods = false)
public class SlackSecurity {

    static final RequestMatcher SLACK = PathPatternRequestMatcher.pathPattern("/slack/**");

    static final RequestMatcher ENDPOINTS = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern(org.springframework.http.HttpMethod.POST, "/slack/events"),
            PathPatternRequestMatcher.pathPattern(org.springframework.http.HttpMethod.POST, "/slack/commands"));

    @Bean
    @Order(Chains.SLACK)
    SecurityFilterChain slackChain(HttpSecurity http) throws Exception {
        return http.securityMatcher(SLACK)
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .authorizeHttpRequests(authorize -> authorize
                        .requestMatchers(ENDPOINTS)
                        .permitAll()
                        .anyRequest()
                        .denyAll())
                .exceptionHandling(
                        errors -> errors.authenticationEntryPoint((request, response, e) -> response.sendError(404))
                                .accessDeniedHandler((request, response, e) -> response.sendError(404)))
                .build();
    }
}
