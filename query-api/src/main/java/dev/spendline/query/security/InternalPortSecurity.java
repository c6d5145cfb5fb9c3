package dev.spendline.query.security;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The chain of the internal port, first of all chains. The internal port serves only actuator and
 * the instance-to-instance queries, and is bound to loopback unless an operator puts it on a
 * private network: the queries check the instance credential themselves (the streams side runs
 * without Spring Security when deployed apart), actuator is the operator's. No API key, session or
 * OAuth grant is accepted here, and no public chain ever sees these requests.
 */
@Configuration(proxyBeanMethods = false)
public class InternalPortSecurity {

    @Bean
    InternalPort internalPort() {
        return new InternalPort();
    }

    @Bean
    @Order(SecurityConfiguration.Chains.INTERNAL_PORT)
    SecurityFilterChain internalPortChain(HttpSecurity http, InternalPort internalPort) throws Exception {
        http.securityMatcher(internalPort::matches)
                .authorizeHttpRequests(authorize -> authorize.anyRequest().permitAll())
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable());
        return http.build();
    }
}
