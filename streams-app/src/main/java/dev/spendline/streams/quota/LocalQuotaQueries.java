package dev.spendline.streams.quota;

import dev.spendline.contracts.quota.AcceptedPairs;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.EventIdentity;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.streams.SpendlineTopology;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/** Answers the gateway's quota questions from this instance's quota and dedupe stores. */
public final class LocalQuotaQueries {

    private final Function<String, ReadOnlyKeyValueStore<String, Long>> counts;
    private final Function<String, ReadOnlyWindowStore<String, Long>> seen;
    private final Duration horizon;
    private final Clock clock;

    public LocalQuotaQueries(
            Function<String, ReadOnlyKeyValueStore<String, Long>> counts,
            Function<String, ReadOnlyWindowStore<String, Long>> seen,
            Duration horizon,
            Clock clock) {
        this.counts = counts;
        this.seen = seen;
        this.horizon = horizon;
        this.clock = clock;
    }

    public QuotaUsage quotaUsage(QuotaUsageQuery q) {
        Long count = counts.apply(q.workspaceId()).get(QuotaCounter.key(q.workspaceId(), q.month()));
        return new QuotaUsage(q.workspaceId(), q.month().toString(), count == null ? 0 : count);
    }

    public AcceptedPairs acceptedPairs(AcceptedPairsQuery q) {
        if (q.pairs().size() > AcceptedPairsQuery.MAX_PAIRS) {
            throw new IllegalArgumentException("at most " + AcceptedPairsQuery.MAX_PAIRS + " pairs per query");
        }
        ReadOnlyWindowStore<String, Long> store = seen.apply(q.workspaceId());
        Instant now = clock.instant();
        // The dedupe store remembers a pair at the time it was received, for the dedupe horizon.
        Instant from = now.minus(horizon).minus(Duration.ofDays(1));
        Instant to = now.plus(Duration.ofDays(1));
        List<EventIdentity> accepted = new ArrayList<>();
        for (EventIdentity pair : q.pairs()) {
            String key = SpendlineTopology.identity(q.workspaceId(), pair.source(), pair.externalId());
            try (WindowStoreIterator<Long> it = store.fetch(key, from, to)) {
                if (it.hasNext()) {
                    accepted.add(pair);
                }
            }
        }
        return new AcceptedPairs(q.workspaceId(), List.copyOf(accepted));
    }
}
