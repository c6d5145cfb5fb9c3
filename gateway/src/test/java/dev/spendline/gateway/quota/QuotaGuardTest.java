package dev.spendline.gateway.quota;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.quota.AcceptedPairs;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.EventIdentity;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.workspaces.Plan;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;

/**
 * The quota rules against an in-memory stand-in for the stream processor's answers (the real one
 * is exercised end to end in the standalone integration test).
 */
class QuotaGuardTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final Principal FREE = Principal.apiKey("ws_q", "key_1", Plan.FREE);

    /** What the stream processor would say: a count, and the pairs it has seen. */
    private static final class Answers {
        long count;
        Set<EventIdentity> seen = Set.of();
        boolean down;
        final AtomicInteger pairQueries = new AtomicInteger();

        QuotaUsage quotaUsage(QuotaUsageQuery query) {
            if (down) {
                throw new QueryUnavailableException("down");
            }
            assertThat(query.month().toString()).isEqualTo("2026-11");
            return new QuotaUsage(query.workspaceId(), query.month().toString(), count);
        }

        AcceptedPairs acceptedPairs(AcceptedPairsQuery query) {
            pairQueries.incrementAndGet();
            if (down) {
                throw new QueryUnavailableException("down");
            }
            return new AcceptedPairs(
                    query.workspaceId(),
                    query.pairs().stream().filter(seen::contains).toList());
        }
    }

    private final Answers answers = new Answers();

    private QuotaGuard guard(long freeQuota) {
        return new QuotaGuard(
                new QueryHandlers()
                        .on(QueryType.QUOTA_USAGE, answers::quotaUsage)
                        .on(QueryType.ACCEPTED_PAIRS, answers::acceptedPairs),
                new QuotaProperties(true, freeQuota, 1_000, Duration.ofMinutes(5), Duration.ofSeconds(2)),
                Clock.fixed(NOW, ZoneOffset.UTC),
                Schedulers.boundedElastic());
    }

    @Test
    void underTheQuotaNothingIsAskedAndAcceptedEventsAreCountedLocally() {
        answers.count = 7;
        QuotaGuard guard = guard(10);
        guard.check(FREE, events("a", "b")).block();
        guard.check(FREE, events("c")).block(); // 7 + 2 + 1 = 10: still allowed
        assertThat(answers.pairQueries).hasValue(0);
        // The 11th new event is refused although the processor's count (cached) still says 7.
        assertThatThrownBy(() -> guard.check(FREE, events("d")).block())
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> {
                    assertThat(e.used()).isEqualTo(10);
                    assertThat(e.limit()).isEqualTo(10);
                    assertThat(e.newEvents()).isEqualTo(1);
                    assertThat(e.month().toString()).isEqualTo("2026-11");
                });
    }

    @Test
    void atTheQuotaResendsOfAcceptedPairsPassAndNewEventsDoNot() {
        answers.count = 10;
        answers.seen = Set.of(new EventIdentity("app", "a"), new EventIdentity("app", "b"));
        QuotaGuard guard = guard(10);

        guard.check(FREE, events("a", "b", "a")).block(); // only resends
        assertThatThrownBy(() -> guard.check(FREE, events("a", "z")).block())
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> assertThat(e.newEvents())
                        .isEqualTo(1));
        // An event without an identity is always new.
        List<AcceptedEvent> anonymous = new ArrayList<>(events("a"));
        anonymous.add(event(null));
        assertThatThrownBy(() -> guard.check(FREE, anonymous).block()).isInstanceOf(QuotaExceededException.class);
        // The other plan's quota applies to its workspaces.
        guard.check(Principal.apiKey("ws_q", "key_2", Plan.TEAM), events("z")).block();
    }

    @Test
    void encodedEventsAreOnlyMaterialisedWhenTheirIdentitiesMustBeAsked() {
        answers.count = 8;
        answers.seen = Set.of(new EventIdentity("app", "a"));
        QuotaGuard guard = guard(10);
        AtomicInteger materialised = new AtomicInteger();

        // Under the quota the count is enough: the events (the gateway's encoded records) stay encoded.
        guard.check(FREE, 2, () -> {
                    materialised.incrementAndGet();
                    return events("x", "y");
                })
                .block();
        assertThat(materialised).hasValue(0);
        // At the quota they are read to ask which are resends: the resend passes, a new one does not.
        guard.check(FREE, 1, () -> {
                    materialised.incrementAndGet();
                    return events("a");
                })
                .block();
        assertThatThrownBy(() -> guard.check(FREE, 2, () -> {
                            materialised.incrementAndGet();
                            return events("a", "new");
                        })
                        .block())
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> assertThat(e.newEvents())
                        .isEqualTo(1));
        assertThat(materialised).hasValue(2);
        assertThat(answers.pairQueries).hasValue(2);
    }

    @Test
    void whenTheCountCannotBeReadItAcceptsButAResendCheckThatFailsIsUnavailable() {
        answers.down = true;
        QuotaGuard guard = guard(1);
        guard.check(FREE, events("a")).block(); // count unknown: fail open, counted locally as 1
        assertThatThrownBy(() -> guard.check(FREE, events("b")).block()).isInstanceOf(QuotaUnavailableException.class);
    }

    @Test
    void aDisabledQuotaChecksNothing() {
        QuotaGuard guard = new QuotaGuard(
                null,
                new QuotaProperties(false, 1, 1, Duration.ofSeconds(5), Duration.ofSeconds(2)),
                Clock.systemUTC(),
                Schedulers.immediate());
        guard.check(FREE, events("a", "b", "c")).block();
        assertThatThrownBy(() -> new QuotaProperties(true, 0, 1, Duration.ofSeconds(5), Duration.ofSeconds(2)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<AcceptedEvent> events(String... externalIds) {
        List<AcceptedEvent> list = new ArrayList<>();
        for (String id : externalIds) {
            list.add(event(id));
        }
        return list;
    }

    private static AcceptedEvent event(String externalId) {
        ProductEvent event = new ProductEvent(
                "openai",
                "gpt-4.1",
                10,
                5,
                new BigDecimal("0.01"),
                externalId == null ? null : "app",
                externalId,
                NOW,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        return AcceptedEvent.of("ws_q", NOW, event);
    }
}
