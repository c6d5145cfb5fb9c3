package dev.spendline.bench.run;

import dev.spendline.streams.SpendlineTopology;
import dev.spendline.streams.StreamsTuning;
import dev.spendline.streams.TopologySettings;
import dev.spendline.streams.commit.CommitPacing;
import dev.spendline.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Kafka Streams' own limit against Spendline's topology: both read the same records of
 * {@code spendline.events.v1} from the beginning, with the same processing guarantee, commit
 * interval, cache and thread count, as fresh applications; the figure is input records per second
 * from RUNNING until the stream threads have processed every input record.
 *
 * <p>The end is read from the threads' own {@code process-total} metric every few milliseconds, in
 * this JVM. Polling the group's committed offsets (every 200 ms, each a request to the broker)
 * added the last commit and part of a poll, 0.1–0.3 s, to the bare count's 1–3 s: 5–15 % of its
 * rate, and so of the ratio (docs/performance.md, "Dedupe by point reads ... the rate's clock"). The
 * run still waits until every offset is committed before it returns, so the next phase finds the
 * work done; where the metric never reaches the records (it should), the committed time is used.
 */
public final class StreamsBench {

    /**
     * @param elapsed from RUNNING until every record was processed (the rate's time)
     * @param committed from RUNNING until every offset was committed, as the group's lag showed it
     *     (polled every 200 ms)
     */
    public record Result(long records, Duration elapsed, Duration committed) {
        public double perSecond() {
            return records / (elapsed.toNanos() / 1e9);
        }
    }

    private StreamsBench() {}

    /** {@code groupByKey().count()}: reads, groups by the record key (the workspace) and counts. */
    public static Topology bareCount() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(Topics.EVENTS.name(), Consumed.with(Serdes.String(), Serdes.ByteArray()))
                .groupByKey()
                .count(Materialized.<String, Long, KeyValueStore<Bytes, byte[]>>as("bare-count"));
        return builder.build();
    }

    /**
     * Spendline's dedupe stage alone (the same window store and processor as the topology), for
     * measuring how its lookups hold up as the number of remembered identities grows.
     */
    public static Topology dedupeOnly() {
        StreamsBuilder builder = new StreamsBuilder();
        SpendlineTopology.deduplicatedEvents(builder, new TopologySettings(Duration.ofDays(35)));
        return builder.build();
    }

    public static Topology spendline() {
        return SpendlineTopology.build(new StreamsBuilder(), new TopologySettings(Duration.ofDays(35)));
    }

    static Result run(
            String bootstrap, String applicationId, Topology topology, String guarantee, Path stateDir, Admin admin)
            throws Exception {
        return run(bootstrap, applicationId, topology, guarantee, stateDir, admin, lag -> {}, streams -> {});
    }

    /** As above, reporting the lag as it goes; {@code whenCaughtUp} sees the application (its metrics) before it is closed. */
    public static Result run(
            String bootstrap,
            String applicationId,
            Topology topology,
            String guarantee,
            Path stateDir,
            Admin admin,
            GroupLag.Progress progress,
            java.util.function.Consumer<KafkaStreams> whenCaughtUp)
            throws Exception {
        Map<TopicPartition, Long> ends = GroupLag.endOffsetsByPartition(admin, Topics.EVENTS.name());
        long records = GroupLag.total(ends);
        // End offsets may count a transaction marker per partition, which is never processed.
        int partitions = ends.size();
        Properties config = config(bootstrap, applicationId, guarantee, stateDir);
        CountDownLatch running = new CountDownLatch(1);
        try (KafkaStreams streams = new KafkaStreams(topology, config)) {
            streams.setStateListener((now, before) -> {
                if (now == KafkaStreams.State.RUNNING) {
                    running.countDown();
                }
            });
            streams.start();
            if (!running.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException(applicationId + " did not start");
            }
            ProcessedClock processed = ProcessedClock.start(streams, records - partitions);
            Duration committed;
            try {
                committed = GroupLag.awaitCaughtUp(
                        admin, applicationId, Topics.EVENTS.name(), Duration.ofMinutes(30), progress);
            } finally {
                processed.stop();
            }
            Duration elapsed = processed.elapsed().orElse(committed);
            whenCaughtUp.accept(streams);
            // Leave the group: a later run with the same id (the restore) must not wait out a session.
            streams.close(org.apache.kafka.streams.CloseOptions.groupMembershipOperation(
                            org.apache.kafka.streams.CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                    .withTimeout(Duration.ofSeconds(30)));
            return new Result(records, elapsed, committed);
        }
    }

    /**
     * The commit interval of both topologies: as the streams app's under a backlog. Kafka Streams
     * commits every catch-up interval by itself, and Spendline's processors ask for live commits
     * only for records accepted within it ({@code CommitPacing}); the bench's input is a backlog
     * (produced before the run, stamped in the past). {@code -Dbench.commit-ms} overrides it.
     */
    public static long commitIntervalMs() {
        return Long.getLong("bench.commit-ms", CommitPacing.DEFAULT.kafkaCommitIntervalMs());
    }

    /** The settings every benchmark application runs with (both topologies alike). */
    static Properties config(String bootstrap, String applicationId, String guarantee, Path stateDir) {
        Properties config = new Properties();
        config.putAll(dev.spendline.bench.BenchKafka.config(bootstrap));
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
        // One thread unless -Dbench.threads says otherwise (for the parallelism measurements).
        config.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, Integer.getInteger("bench.threads", 1));
        config.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 32L * 1024 * 1024);
        config.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        if (!Boolean.getBoolean("bench.untuned")) {
            StreamsTuning.apply(config);
        }
        config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, commitIntervalMs());
        // Experiments: -Dbench.streams.<any Kafka Streams or client setting>=value, applied to both topologies.
        System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith("bench.streams."))
                .forEach(name -> config.put(name.substring("bench.streams.".length()), System.getProperty(name)));
        return config;
    }

    public record Restore(long records, Duration elapsed) {}

    /**
     * Loses the state directory of a finished application and starts it again: the time until every
     * store is restored from its changelog, and how many records that read.
     */
    public static Restore restoreAfterLosingState(
            String bootstrap, String applicationId, Topology topology, String guarantee, Path stateDir)
            throws Exception {
        org.apache.kafka.common.utils.Utils.delete(
                stateDir.resolve(applicationId).toFile());
        java.util.concurrent.atomic.AtomicLong restored = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger active = new java.util.concurrent.atomic.AtomicInteger();
        try (KafkaStreams streams = new KafkaStreams(topology, config(bootstrap, applicationId, guarantee, stateDir))) {
            streams.setGlobalStateRestoreListener(new org.apache.kafka.streams.processor.StateRestoreListener() {
                @Override
                public void onRestoreStart(
                        org.apache.kafka.common.TopicPartition partition, String store, long from, long to) {
                    started.incrementAndGet();
                    active.incrementAndGet();
                }

                @Override
                public void onBatchRestored(
                        org.apache.kafka.common.TopicPartition partition, String store, long end, long count) {
                    restored.addAndGet(count);
                }

                @Override
                public void onRestoreEnd(org.apache.kafka.common.TopicPartition partition, String store, long count) {
                    active.decrementAndGet();
                }
            });
            long start = System.nanoTime();
            streams.start();
            long deadline = start + Duration.ofMinutes(30).toNanos();
            while (!(streams.state() == KafkaStreams.State.RUNNING && started.get() > 0 && active.get() == 0)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(applicationId + " did not restore its state within 30 min");
                }
                Thread.sleep(20);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            streams.close(Duration.ofSeconds(30));
            return new Restore(restored.get(), elapsed);
        }
    }

    /** One topology on its own, for profiling: "spendline" or "bare". */
    public static Result runStandalone(String bootstrap, String topology, String guarantee, Path stateDir)
            throws Exception {
        try (Admin admin = Admin.create(dev.spendline.bench.BenchKafka.config(bootstrap))) {
            return run(
                    bootstrap,
                    "bench-" + topology + "-" + System.nanoTime(),
                    "bare".equals(topology) ? bareCount() : spendline(),
                    guarantee,
                    stateDir,
                    admin);
        }
    }
}
