package dev.spendline.streams.app;

import org.apache.kafka.streams.KafkaStreams;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/** UP while Kafka Streams runs or rebalances; DOWN once it has stopped or failed. */
final class StreamsHealthIndicator implements HealthIndicator {

    private final KafkaStreams streams;

    StreamsHealthIndicator(KafkaStreams streams) {
        this.streams = streams;
    }

    @Override
    public Health health() {
        KafkaStreams.State state = streams.state();
        Health.Builder health =
                state.isRunningOrRebalancing() || state == KafkaStreams.State.CREATED ? Health.up() : Health.down();
        return health.withDetail("state", state.name()).build();
    }
}
