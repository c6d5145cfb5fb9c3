package dev.spendline.query.oauth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards open client registration: at most {@code spendline.oauth.registrations-per-address-per-hour}
 * registrations per remote address and hour (429 with {@code Retry-After} beyond), and, at most once a
 * minute, the deletion of clients nobody authorized within {@code spendline.oauth.unused-client-ttl}.
 * Counted in memory per instance, like the sign-in limits.
 */
final class RegistrationLimitFilter extends OncePerRequestFilter {

    static final Duration WINDOW = Duration.ofHours(1);
    private static final Duration CLEANUP_INTERVAL = Duration.ofMinutes(1);

    private final RequestMatcher registration;
    private final int perAddress;
    private final Duration unusedClientTtl;
    private final OAuthGrantRepository grants;
    private final Clock clock;
    private final Cache<String, AtomicInteger> counts;
    private final AtomicReference<Instant> lastCleanup = new AtomicReference<>(Instant.MIN);

    RegistrationLimitFilter(String endpoint, OAuthProperties properties, OAuthGrantRepository grants, Clock clock) {
        this.registration = PathPatternRequestMatcher.pathPattern(HttpMethod.POST, endpoint);
        this.perAddress = properties.registrationsPerAddressPerHour();
        this.unusedClientTtl = properties.unusedClientTtl();
        this.grants = grants;
        this.clock = clock;
        this.counts = Caffeine.newBuilder()
                .expireAfterWrite(WINDOW)
                .maximumSize(100_000)
                .ticker(Ticker.systemTicker())
                .build();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!registration.matches(request)) {
            chain.doFilter(request, response);
            return;
        }
        int count = counts.get(request.getRemoteAddr(), address -> new AtomicInteger())
                .incrementAndGet();
        if (count > perAddress) {
            response.setStatus(429);
            response.setHeader("Retry-After", String.valueOf(WINDOW.toSeconds()));
            response.setContentType("application/json");
            response.getOutputStream()
                    .write(("{\"error\":\"too_many_requests\",\"error_description\":\"At most " + perAddress
                                    + " client registrations per address and hour\"}")
                            .getBytes(StandardCharsets.UTF_8));
            return;
        }
        Instant now = clock.instant();
        Instant last = lastCleanup.get();
        if (now.isAfter(last.plus(CLEANUP_INTERVAL)) && lastCleanup.compareAndSet(last, now)) {
            grants.deleteUnusedClients(unusedClientTtl);
        }
        chain.doFilter(request, response);
    }
}
