package dev.spendline.streams.query;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.internalapi.HttpQueries;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes every read to the instance that owns the workspace's partition: answered from the local
 * stores ({@link LocalQueries}) when that is this instance, forwarded over HTTP otherwise.
 * Rebalances make ownership briefly unknown or stale, so each attempt re-reads the metadata, with a
 * bounded number of attempts before {@link QueryUnavailableException} (which callers turn into 503
 * + Retry-After).
 */
public final class RoutingQueries implements Queries {

    private static final Logger log = LoggerFactory.getLogger(RoutingQueries.class);

    private final KafkaStreams streams;
    private final HostInfo self;
    private final Function<HostInfo, HttpQueries> remote;
    private final int attempts;
    private final Duration backoff;
    private final Duration dedupeHorizon;
    private final Clock clock;
    private final ClosedMonthCache closedMonths;

    /**
     * @param dedupeHorizon how long the topology remembers identities (for {@code accepted_pairs})
     * @param clock what "now" is for the queries that read it (which identities are still remembered)
     */
    public RoutingQueries(
            KafkaStreams streams,
            HostInfo self,
            Function<HostInfo, HttpQueries> remote,
            int attempts,
            Duration backoff,
            Duration dedupeHorizon,
            Clock clock) {
        this(streams, self, remote, attempts, backoff, dedupeHorizon, clock, ClosedMonthCache.none());
    }

    /** @param closedMonths past months' buckets kept in memory for the margin reads */
    public RoutingQueries(
            KafkaStreams streams,
            HostInfo self,
            Function<HostInfo, HttpQueries> remote,
            int attempts,
            Duration backoff,
            Duration dedupeHorizon,
            Clock clock,
            ClosedMonthCache closedMonths) {
        this.closedMonths = closedMonths;
        this.streams = streams;
        this.self = self;
        this.remote = remote;
        this.attempts = attempts;
        this.backoff = backoff;
        this.dedupeHorizon = dedupeHorizon;
        this.clock = clock;
    }

    @Override
    public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
        return route(type, query, true);
    }

    /** Answers only if this instance owns the workspace; for forwarded queries, so none can loop. */
    public <Q extends WorkspaceQuery, A> A answerLocally(QueryType<Q, A> type, Q query) {
        return route(type, query, false);
    }

    private <Q extends WorkspaceQuery, A> A route(QueryType<Q, A> type, Q query, boolean mayForward) {
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
                        LocalQueries.routingStore(query),
                        query.workspaceId(),
                        Serdes.String().serializer());
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
                    return LocalQueries.over(
                                    new PartitionStores(streams, owner.partition()), dedupeHorizon, clock, closedMonths)
                            .answer(type, query);
                }
                if (!mayForward) {
                    throw new QueryUnavailableException("This instance no longer owns the workspace's partition");
                }
                return remote.apply(owner.activeHost()).answer(type, query);
            } catch (InvalidStateStoreException | QueryUnavailableException e) {
                log.debug("Query attempt {} of {} failed: {}", attempt, tries, e.getMessage());
                last = e;
            }
        }
        throw new QueryUnavailableException("No instance can answer for this workspace right now", last);
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
