package dev.spendline.streams.query;

import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.SpendQueries;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.StoreNames;
import dev.spendline.streams.rollup.Rollup;
import java.time.Duration;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes a query to the instance that owns the workspace's partition: answered from the local
 * store when that is this instance, forwarded over HTTP otherwise. Rebalances make ownership
 * briefly unknown or stale, so each attempt re-reads the metadata, with a bounded number of
 * attempts before {@link QueryUnavailableException} (which callers turn into 503 + Retry-After).
 */
public final class RoutingSpendQueries implements SpendQueries {

    private static final Logger log = LoggerFactory.getLogger(RoutingSpendQueries.class);

    private final KafkaStreams streams;
    private final HostInfo self;
    private final Function<HostInfo, SpendQueries> remote;
    private final int attempts;
    private final Duration backoff;

    public RoutingSpendQueries(
            KafkaStreams streams,
            HostInfo self,
            Function<HostInfo, SpendQueries> remote,
            int attempts,
            Duration backoff) {
        this.streams = streams;
        this.self = self;
        this.remote = remote;
        this.attempts = attempts;
        this.backoff = backoff;
    }

    @Override
    public SpendReport spendBy(SpendQuery query) {
        return route(query, true);
    }

    /** Answers only if this instance owns the workspace; used for forwarded queries (no loops). */
    public SpendReport spendByLocally(SpendQuery query) {
        return route(query, false);
    }

    private SpendReport route(SpendQuery query, boolean mayForward) {
        String store = storeName(query.usage());
        RuntimeException last = null;
        // A forwarded query gets one try: the forwarding instance retries, re-reading ownership, so
        // retrying here too would only multiply the wait.
        int tries = mayForward ? attempts : 1;
        for (int attempt = 1; attempt <= tries; attempt++) {
            if (attempt > 1) {
                pause();
            }
            if (!streams.state().isRunningOrRebalancing()) {
                // Stopped or failed: retrying here cannot help; health reports DOWN meanwhile.
                throw new QueryUnavailableException("Kafka Streams is " + streams.state() + ", not running");
            }
            KeyQueryMetadata owner;
            try {
                owner = streams.queryMetadataForKey(
                        store, query.workspaceId(), Serdes.String().serializer());
            } catch (IllegalStateException e) {
                last = new QueryUnavailableException("Kafka Streams is not running", e);
                continue;
            }
            if (owner == null || KeyQueryMetadata.NOT_AVAILABLE.equals(owner)) {
                last = new QueryUnavailableException("Ownership of the workspace's partition is not known yet");
                continue;
            }
            try {
                if (self.equals(owner.activeHost())) {
                    int partition = owner.partition();
                    return new LocalSpendQueries((usage, ws) -> localStore(store, partition)).spendBy(query);
                }
                if (!mayForward) {
                    throw new QueryUnavailableException("This instance no longer owns the workspace's partition");
                }
                return remote.apply(owner.activeHost()).spendBy(query);
            } catch (InvalidStateStoreException | QueryUnavailableException e) {
                log.debug("Query attempt {} of {} failed: {}", attempt, tries, e.getMessage());
                last = e;
            }
        }
        throw new QueryUnavailableException("No instance can answer for this workspace right now", last);
    }

    private ReadOnlyKeyValueStore<String, Rollup> localStore(String store, int partition) {
        return streams.store(
                StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.<String, Rollup>keyValueStore())
                        .withPartition(partition));
    }

    static String storeName(UsageKind usage) {
        return usage == UsageKind.PRODUCT ? StoreNames.PRODUCT_ROLLUPS : StoreNames.INTERNAL_ROLLUPS;
    }

    private void pause() {
        try {
            Thread.sleep(backoff.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryUnavailableException("Interrupted while waiting to retry a query", e);
        }
    }
}
