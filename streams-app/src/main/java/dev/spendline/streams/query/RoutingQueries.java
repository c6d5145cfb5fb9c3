package dev.spendline.streams.query;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.PeerUnreachableException;
import dev.spendline.internalapi.UnreachablePeers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 *
 * <p>When the owner cannot answer (unreachable: killed and not yet evicted from the group, which
 * with static membership takes the session timeout; or 503 while its task restores), a read whose
 * {@link QueryType#staleTolerant()} says so is answered by a standby replica of the partition:
 * this instance's own (Kafka Streams' {@code enableStaleStores}) or another's, asked with {@link
 * HttpQueries#askingStandby()}. Other reads wait for the owner.
 *
 * <p>An instance that could not be reached (connection refused or timed out, no answer in time) is
 * remembered for a few seconds ({@link UnreachablePeers}): meanwhile a stale-tolerant read of its
 * partitions goes to a standby first (this instance's, then another's) and asks it only if no
 * standby answered, so that after a kill only the first reads pay for the dead owner. Exact reads
 * still ask the owner on every attempt. Such reads are counted in {@value
 * UnreachablePeers#DEFERRED_METRIC}, the remembered peers gauged in {@value
 * UnreachablePeers#SIZE_METRIC}.
 *
 * <p>Rebalances make ownership briefly unknown or stale, so each attempt re-reads the metadata,
 * with a bounded number of attempts (and none started after {@code attempts × backoff})
 * before {@link QueryUnavailableException} (which callers turn into 503 + Retry-After).
 *
 * <p>Which source answered is counted in {@value #ROUTED_METRIC} by {@code source}: {@code local},
 * {@code remote}, {@code standby_local}, {@code standby_remote} (once per read, by the instance
 * that routed it).
 */
public final class RoutingQueries implements Queries {

    /** Reads answered, by the source that answered (tag {@code source}). */
    public static final String ROUTED_METRIC = "spendline.query.routed";

    private static final Logger log = LoggerFactory.getLogger(RoutingQueries.class);

    private final KafkaStreams streams;
    private final HostInfo self;
    private final Function<HostInfo, HttpQueries> remote;
    private final int attempts;
    private final Duration backoff;
    private final Duration dedupeHorizon;
    private final Clock clock;
    private final ClosedMonthCache closedMonths;
    private final Counter local;
    private final Counter forwarded;
    private final Counter standbyLocal;
    private final Counter standbyRemote;
    private final UnreachablePeers<HostInfo> unreachable;

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
        this(
                streams,
                self,
                remote,
                attempts,
                backoff,
                dedupeHorizon,
                clock,
                ClosedMonthCache.none(),
                new SimpleMeterRegistry());
    }

    /**
     * @param closedMonths past months' buckets kept in memory for the margin reads
     * @param registry where {@value #ROUTED_METRIC} is counted
     */
    public RoutingQueries(
            KafkaStreams streams,
            HostInfo self,
            Function<HostInfo, HttpQueries> remote,
            int attempts,
            Duration backoff,
            Duration dedupeHorizon,
            Clock clock,
            ClosedMonthCache closedMonths,
            MeterRegistry registry) {
        this(
                streams,
                self,
                remote,
                attempts,
                backoff,
                dedupeHorizon,
                clock,
                closedMonths,
                registry,
                UnreachablePeers.withDefaults());
    }

    /**
     * @param unreachable the other instances that could not be reached lately, asked last
     */
    public RoutingQueries(
            KafkaStreams streams,
            HostInfo self,
            Function<HostInfo, HttpQueries> remote,
            int attempts,
            Duration backoff,
            Duration dedupeHorizon,
            Clock clock,
            ClosedMonthCache closedMonths,
            MeterRegistry registry,
            UnreachablePeers<HostInfo> unreachable) {
        this.closedMonths = closedMonths;
        this.streams = streams;
        this.self = self;
        this.remote = remote;
        this.attempts = attempts;
        this.backoff = backoff;
        this.dedupeHorizon = dedupeHorizon;
        this.clock = clock;
        this.local = routed(registry, "local");
        this.forwarded = routed(registry, "remote");
        this.standbyLocal = routed(registry, "standby_local");
        this.standbyRemote = routed(registry, "standby_remote");
        this.unreachable = unreachable;
        registerPeerMetrics(registry, unreachable);
    }

    private static void registerPeerMetrics(MeterRegistry registry, UnreachablePeers<?> unreachable) {
        FunctionCounter.builder(UnreachablePeers.DEFERRED_METRIC, unreachable, UnreachablePeers::deferred)
                .description("Reads that asked another instance or a standby first because the one they would"
                        + " have asked could not be reached moments before")
                .register(registry);
        Gauge.builder(UnreachablePeers.SIZE_METRIC, unreachable, UnreachablePeers::size)
                .description("Instances remembered as unreachable now (asked last for a few seconds)")
                .register(registry);
    }

    private static Counter routed(MeterRegistry registry, String source) {
        return Counter.builder(ROUTED_METRIC)
                .description("Reads answered, by the source that answered: the partition's active task"
                        + " here or on another instance, or a standby replica here or elsewhere")
                .tag("source", source)
                .register(registry);
    }

    @Override
    public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
        // No attempt starts after the bound, whatever earlier ones cost (a dead owner's connect timeout).
        long deadline = System.nanoTime() + backoff.toNanos() * attempts;
        RuntimeException last = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            if (attempt > 1) {
                if (System.nanoTime() + backoff.toNanos() - deadline > 0) {
                    break;
                }
                pause();
            }
            KeyQueryMetadata owner;
            try {
                owner = ownerOf(query);
            } catch (QueryUnavailableException e) {
                last = e;
                continue;
            }
            for (HostInfo source : sources(type, owner)) {
                try {
                    return from(source, type, query, owner);
                } catch (InvalidStateStoreException | QueryUnavailableException e) {
                    log.debug(
                            "Query attempt {} of {}: {} could not answer: {}",
                            attempt,
                            attempts,
                            source,
                            e.getMessage());
                    last = e;
                }
            }
        }
        throw new QueryUnavailableException("No instance can answer for this workspace right now", last);
    }

    /**
     * Who may answer, in order: the owner; for a stale-tolerant read then its standby replicas,
     * this instance's first (no hop). A peer remembered as unreachable goes after all the others.
     */
    private List<HostInfo> sources(QueryType<?, ?> type, KeyQueryMetadata owner) {
        HostInfo active = owner.activeHost();
        if (!type.staleTolerant()) {
            // Exact reads wait for the owner: asked on every attempt, remembered or not.
            return List.of(active);
        }
        List<HostInfo> sources = new ArrayList<>(1 + owner.standbyHosts().size());
        sources.add(active);
        if (owner.standbyHosts().contains(self)) {
            sources.add(self);
        }
        for (HostInfo standby : owner.standbyHosts()) {
            if (!standby.equals(self)) {
                sources.add(standby);
            }
        }
        return unreachable.reachableFirst(sources);
    }

    /** The answer of one source: the owner's or a standby's, here or over HTTP, counted by where. */
    private <Q extends WorkspaceQuery, A> A from(
            HostInfo source, QueryType<Q, A> type, Q query, KeyQueryMetadata owner) {
        boolean standby = !source.equals(owner.activeHost());
        if (self.equals(source)) {
            A answer = fromLocal(type, query, owner.partition(), standby);
            (standby ? standbyLocal : local).increment();
            return answer;
        }
        HttpQueries peer = remote.apply(source);
        A answer;
        try {
            answer = (standby ? peer.askingStandby() : peer).answer(type, query);
        } catch (PeerUnreachableException e) {
            unreachable.unreachable(source);
            throw e;
        } catch (QueryUnavailableException e) {
            // A 503: the peer is alive, it only cannot answer this read now.
            unreachable.reachable(source);
            throw e;
        }
        unreachable.reachable(source);
        (standby ? standbyRemote : forwarded).increment();
        return answer;
    }

    /**
     * For a query another instance forwarded to this one as the partition's owner: answered from
     * the active task here, or 503. One try only: the forwarding instance retries, re-reading
     * ownership, so retrying here too would only multiply the wait; never forwarded again, so no
     * query can bounce between instances.
     */
    public <Q extends WorkspaceQuery, A> A answerLocally(QueryType<Q, A> type, Q query) {
        KeyQueryMetadata owner = ownerOf(query);
        if (!self.equals(owner.activeHost())) {
            throw new QueryUnavailableException("This instance no longer owns the workspace's partition");
        }
        return unavailableWhenStoreIs(() -> fromLocal(type, query, owner.partition(), false));
    }

    /**
     * For a query another instance forwarded to this one as a standby of the partition (its owner
     * could not answer): answered from this instance's active task or standby replica, or 503.
     * Reads that are not stale-tolerant get the active task only.
     */
    public <Q extends WorkspaceQuery, A> A answerFromStandby(QueryType<Q, A> type, Q query) {
        if (!type.staleTolerant()) {
            return answerLocally(type, query);
        }
        KeyQueryMetadata owner = ownerOf(query);
        boolean active = self.equals(owner.activeHost());
        if (!active && !owner.standbyHosts().contains(self)) {
            throw new QueryUnavailableException("This instance has no replica of the workspace's partition");
        }
        return unavailableWhenStoreIs(() -> fromLocal(type, query, owner.partition(), !active));
    }

    private KeyQueryMetadata ownerOf(WorkspaceQuery query) {
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
            throw new QueryUnavailableException("Kafka Streams is not running", e);
        }
        if (owner == null || KeyQueryMetadata.NOT_AVAILABLE.equals(owner)) {
            throw new QueryUnavailableException("Ownership of the workspace's partition is not known yet");
        }
        return owner;
    }

    private <Q extends WorkspaceQuery, A> A fromLocal(QueryType<Q, A> type, Q query, int partition, boolean standby) {
        return LocalQueries.over(new PartitionStores(streams, partition, standby), dedupeHorizon, clock, closedMonths)
                .answer(type, query);
    }

    /** A store that is migrating or restoring is a 503 (retry shortly), not a failed query. */
    private static <A> A unavailableWhenStoreIs(java.util.function.Supplier<A> read) {
        try {
            return read.get();
        } catch (InvalidStateStoreException e) {
            throw new QueryUnavailableException("The workspace's stores are not queryable here right now", e);
        }
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
