package dev.spendline.streams.app;

import dev.spendline.streams.StoreNames;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Readiness of the streams side, in the {@code readiness} health group ({@code /readyz}): DOWN
 * until Kafka Streams has reached {@code RUNNING} and its stores answer a query, so that a load
 * balancer, an orchestrator or the standalone's banner never announce an instance whose reports
 * would all answer 503; DOWN again once the client is failing or stopped ({@code PENDING_ERROR},
 * {@code ERROR}, {@code PENDING_SHUTDOWN}, {@code NOT_RUNNING}). A rebalance after that first
 * start keeps it UP: reads retry through a rebalance (bounded, then 503), and taking every
 * instance out of service at once during one would be worse. Liveness ({@code /livez}) does not
 * include it: a slow restore or a rebalance is no reason to restart the process.
 */
final class StreamsReadinessIndicator implements HealthIndicator {

    private final Supplier<KafkaStreams.State> state;
    private final BooleanSupplier storesAnswer;
    private volatile boolean wasReady;

    StreamsReadinessIndicator(KafkaStreams streams) {
        this(streams::state, () -> storesAnswer(streams));
    }

    /** @param storesAnswer whether this instance's stores answer a query (true when it owns none) */
    StreamsReadinessIndicator(Supplier<KafkaStreams.State> state, BooleanSupplier storesAnswer) {
        this.state = state;
        this.storesAnswer = storesAnswer;
    }

    @Override
    public Health health() {
        KafkaStreams.State now = state.get();
        boolean ready;
        if (now == KafkaStreams.State.RUNNING) {
            ready = wasReady || storesAnswer.getAsBoolean();
        } else {
            ready = wasReady && now == KafkaStreams.State.REBALANCING;
        }
        if (ready) {
            wasReady = true;
        }
        return (ready ? Health.up() : Health.down())
                .withDetail("state", now.name())
                .build();
    }

    /**
     * A query on a store of each sub-topology this instance runs a task of. An instance with no
     * active task (more instances than partitions, or only standbys) has nothing to answer locally:
     * its reads are forwarded, so it is ready.
     */
    private static boolean storesAnswer(KafkaStreams streams) {
        boolean hasActiveTasks = streams.metadataForLocalThreads().stream()
                .anyMatch(thread -> !thread.activeTasks().isEmpty());
        if (!hasActiveTasks) {
            return true;
        }
        for (String store : List.of(StoreNames.QUOTA_USAGE, StoreNames.INTERNAL_ROLLUPS)) {
            try {
                streams.store(StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.keyValueStore()))
                        .approximateNumEntries();
                return true;
            } catch (RuntimeException notYet) {
                // Not open here (yet): try the other sub-topology's store.
            }
        }
        return false;
    }
}
