package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.streams.rollup.Rollup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store in a real {@link KafkaStreams} with exactly-once against the embedded broker: an
 * interactive query finds it by name and type as the query service does and reads the committed
 * sums, and an instance with empty local state restores the same sums from the changelog.
 */
class AggregatingRollupStoreIT {

    private static final String INPUT = "state-it-in";
    private static final String STORE = "rollups";

    @TempDir
    Path dir;

    @Test
    void queriesReadTheCommittedSumsAndARestoreFromTheChangelogReadsTheSame() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), 0, Map.of())) {
            TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of(INPUT), 1, Map.of());
            produce(kafka, List.of(KeyValue.pair("a", 5L), KeyValue.pair("日本", 7L), KeyValue.pair("a", 11L)));
            List<String> expected = List.of("a=" + sum(5, 11), "日本=" + sum(7));

            try (KafkaStreams streams = start(kafka, dir.resolve("state-1"))) {
                assertThat(awaitContents(streams, expected)).isEqualTo(expected);
            }
            try (KafkaStreams restored = start(kafka, dir.resolve("state-2"))) {
                assertThat(awaitContents(restored, expected))
                        .as("restored from the changelog, counted once")
                        .isEqualTo(expected);
            }
        }
    }

    private static Rollup sum(long... costs) {
        long total = 0;
        for (long c : costs) {
            total += c;
        }
        return new Rollup(total, costs.length, 0, 0, 0, 0, 0, 0, 0, costs.length);
    }

    private static KafkaStreams start(EmbeddedKafka kafka, Path state) {
        Topology topology = new Topology();
        topology.addSource("in", Serdes.String().deserializer(), Serdes.Long().deserializer(), INPUT);
        topology.addProcessor(
                "fold",
                () -> new Processor<String, Long, Void, Void>() {
                    private AggregatingRollupStore store;
                    private final KeyBuilder key = new KeyBuilder(32);
                    private final long[] delta = new long[AggregatingRollupStore.WIDTH];

                    @Override
                    public void init(ProcessorContext<Void, Void> context) {
                        store = AggregatingRollupStore.of(context.getStateStore(STORE));
                    }

                    @Override
                    public void process(Record<String, Long> record) {
                        delta[0] = record.value();
                        delta[1] = 1;
                        delta[9] = 1;
                        store.add(key.reset().put(record.key().getBytes(StandardCharsets.UTF_8)), delta);
                    }
                },
                "in");
        topology.addStateStore(new AggregatingRollupStoreBuilder(STORE, 1_000, 1_000), "fold");
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "state-it");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        config.put(StreamsConfig.STATE_DIR_CONFIG, state.toString());
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
        config.put("consumer.auto.offset.reset", "earliest");
        KafkaStreams streams = new KafkaStreams(topology, config);
        streams.start();
        return streams;
    }

    private static void produce(EmbeddedKafka kafka, List<KeyValue<String, Long>> records) throws Exception {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        kafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                Serdes.Long().serializer())) {
            for (KeyValue<String, Long> r : records) {
                producer.send(new ProducerRecord<>(INPUT, r.key, r.value)).get();
            }
        }
    }

    /** The store's contents as an interactive query reads them, once they are {@code expected} or after 90 s. */
    private static List<String> awaitContents(KafkaStreams streams, List<String> expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<String> seen = List.of();
        while (System.nanoTime() < deadline) {
            try {
                ReadOnlyKeyValueStore<String, Rollup> store =
                        streams.store(StoreQueryParameters.fromNameAndType(STORE, QueryableStoreTypes.keyValueStore()));
                List<String> contents = new ArrayList<>();
                try (KeyValueIterator<String, Rollup> it = store.all()) {
                    it.forEachRemaining(kv -> contents.add(kv.key + "=" + kv.value));
                }
                seen = contents;
                if (seen.equals(expected) && store.get("a") != null) {
                    assertThat(store.get("a")).isEqualTo(sum(5, 11));
                    return seen;
                }
            } catch (InvalidStateStoreException notReadyYet) {
                // Rebalancing or restoring: try again.
            }
            Thread.sleep(200);
        }
        return seen;
    }
}
