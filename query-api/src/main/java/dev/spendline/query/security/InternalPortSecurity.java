package dev.spendline.query.security;

import dev.spendline.internalapi.HttpQueries;
import jakarta.servlet.DispatcherType;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The chain of the internal port, first of all chains. The internal port serves only actuator and
 * the instance-to-instance queries, and is bound to loopback unless an operator puts it on a
 * private network: the queries check the instance credential themselves (the streams side runs
 * without Spring Security when deployed apart), actuator is the operator's. No API key, session or
 * OAuth grant is accepted here, no public chain ever sees these requests, and what the port does
 * not serve is denied.
 */
@Configuration(proxyBeanMethods = false)
public class InternalPortSecurity {

    /**
     * What the internal port serves: actuator (at Spring Boot's default base path) and the
     * instance-to-instance queries, plus the {@link InternalPortRoute}s an application declares.
     * Anything else that reaches it is denied with a 404.
     */
    static final RequestMatcher SERVED = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern("/actuator/**"),
            PathPatternRequestMatcher.pathPattern(HttpMethod.POST, HttpQueries.PATH_PREFIX + "*"));

    @Bean
    InternalPort internalPort() {
        return new InternalPort();
    }

    @Bean
    @Order(SecurityConfiguration.Chains.INTERNAL_PORT)
    SecurityFilterChain internalPortChain(
            HttpSecurity http, InternalPort internalPort, ObjectProvider<InternalPortRoute> routes) throws Exception {
        List<RequestMatcher> served = new ArrayList<>(List.of(SERVED));
        routes.orderedStream()
                .forEach(route -> served.add(PathPatternRequestMatcher.pathPattern(route.method(), route.pattern())));
        SecurityConfiguration.notFoundWhenDenied(http.securityMatcher(internalPort::matches))
                .authorizeHttpRequests(authorize -> authorize
                        .requestMatchers(new OrRequestMatcher(served))
                        .permitAll()
                        .dispatcherTypeMatchers(DispatcherType.ERROR)
                        .permitAll()
                        .anyRequest()
                        .denyAll())
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable());
        return http.build();
    }
}
