package dev.spendline.gateway.quota;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.EventIdentity;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.controlplane.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Enforces the monthly event quota before events are written to Kafka.
 *
 * <p>The count is the stream processor's (deduplicated, so a resend never counts), read per
 * workspace at most every {@code refreshEvery} and kept in memory; between reads the gateway adds
 * what it accepted itself. Under the quota nothing else happens: the hot path costs a map lookup.
 * When a request would pass the quota, the gateway asks the stream processor which of its
 * {@code (source, externalId)} pairs were already accepted: resends of accepted pairs always pass
 * (a sender retrying after a timeout must not be punished, and they consume nothing), and only new
 * events are refused with 429.
 *
 * <p>Deliberate trade-offs: several gateway instances, and the refresh interval, let a workspace
 * pass its quota by what is accepted in a few seconds; and when the count cannot be read at all
 * the gateway accepts (fails open), because losing a customer's data is worse than counting it
 * late. Only the resend check, which decides a refusal, answers 503 when it cannot be made.
 */
public final class QuotaGuard {

    private static final Logger log = LoggerFactory.getLogger(QuotaGuard.class);

    private final Queries queries;
    private final QuotaProperties props;
    private final Clock clock;
    private final Scheduler lookups;
    private final AsyncLoadingCache<UsageKey, AtomicLong> usage;

    private record UsageKey(String workspaceId, YearMonth month) {}

    /**
     * @param lookups where the resend check runs: {@code boundedElastic} when it blocks on HTTP (the
     *     gateway service, on Netty's event loop); {@code immediate} when it is an in-process store
     *     read on a servlet thread (standalone), which keeps the answer on the request thread. The
     *     count itself is always loaded and refreshed in the background, so that a slow or
     *     restarting stream processor never holds up a request under the quota.
     */
    public QuotaGuard(Queries queries, QuotaProperties props, Clock clock, Scheduler lookups) {
        this.queries = queries;
        this.props = props;
        this.clock = clock;
        this.lookups = lookups;
        this.usage = Caffeine.newBuilder()
                .refreshAfterWrite(props.refreshEvery())
                .expireAfterAccess(Duration.ofHours(1))
                .maximumSize(100_000)
                .executor(command -> Schedulers.boundedElastic().schedule(command))
                .buildAsync(this::load);
    }

    /**
     * The stream processor's count; 0 when it cannot be read (fail open, see above), tried again
     * at the next refresh, so an outage of the stream processor does not slow every request.
     */
    private AtomicLong load(UsageKey key) {
        try {
            return new AtomicLong(
                    queries.answer(QueryType.QUOTA_USAGE, new QuotaUsageQuery(key.workspaceId(), key.month()))
                            .acceptedEvents());
        } catch (RuntimeException e) {
            log.warn(
                    "Quota count of workspace {} unavailable ({}); accepting until it can be read",
                    key.workspaceId(),
                    e.toString());
            return new AtomicLong(0);
        }
    }

    /**
     * Completes empty when the events may be written; fails with {@link QuotaExceededException}
     * when new events would pass the quota, or {@link QuotaUnavailableException} when that cannot
     * be decided.
     */
    public Mono<Void> check(Principal principal, List<AcceptedEvent> events) {
        return check(principal, events.size(), () -> events);
    }

    /**
     * As {@link #check(Principal, List)} for {@code count} events that are only materialised, by
     * {@code events}, when the workspace is at its quota and their identities must be asked about
     * (the gateway's fast path holds encoded records, not events).
     */
    public Mono<Void> check(Principal principal, int count, Supplier<List<AcceptedEvent>> events) {
        if (!props.enabled() || count == 0) {
            return Mono.empty();
        }
        long limit = props.limitFor(principal.plan());
        YearMonth month = YearMonth.now(clock.withZone(ZoneOffset.UTC));
        UsageKey key = new UsageKey(principal.workspaceId(), month);
        return Mono.fromFuture(usage.get(key))
                .timeout(props.checkTimeout())
                .onErrorResume(e -> {
                    log.warn("Quota count of workspace {} not read in time; accepting", principal.workspaceId());
                    return Mono.just(new AtomicLong(0));
                })
                .flatMap(counter -> {
                    long used = counter.get();
                    if (used + count <= limit) {
                        counter.addAndGet(count);
                        return Mono.empty();
                    }
                    return Mono.defer(() -> newEvents(principal.workspaceId(), events.get()))
                            .flatMap(fresh -> {
                                if (fresh == 0 || used + fresh <= limit) {
                                    counter.addAndGet(fresh);
                                    return Mono.<Void>empty();
                                }
                                return Mono.error(new QuotaExceededException(used, limit, fresh, month));
                            });
                });
    }

    /**
     * How many events of the batch would count: those without an identity, plus the distinct
     * pairs the stream processor has not accepted yet.
     */
    private Mono<Long> newEvents(String workspaceId, List<AcceptedEvent> events) {
        Set<EventIdentity> pairs = new LinkedHashSet<>();
        long anonymous = 0;
        for (AcceptedEvent e : events) {
            ProductEvent event = e.event();
            if (event.hasIdentity()) {
                pairs.add(new EventIdentity(event.source(), event.externalId()));
            } else {
                anonymous++;
            }
        }
        if (pairs.isEmpty()) {
            return Mono.just(anonymous);
        }
        long withoutIdentity = anonymous;
        return Mono.fromCallable(() -> queries.answer(
                        QueryType.ACCEPTED_PAIRS, new AcceptedPairsQuery(workspaceId, List.copyOf(pairs))))
                .subscribeOn(lookups)
                .timeout(props.checkTimeout())
                .map(accepted -> {
                    Set<EventIdentity> fresh = new HashSet<>(pairs);
                    accepted.accepted().forEach(fresh::remove);
                    return fresh.size() + withoutIdentity;
                })
                .onErrorMap(e -> new QuotaUnavailableException(e));
    }
}
