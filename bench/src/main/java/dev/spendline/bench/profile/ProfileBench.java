package dev.spendline.bench.profile;

import dev.spendline.bench.run.StreamsBench;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.topics.Topics;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;

/**
 * The short, repeatable profile of the topology: a broker of its own, a fixed input (the seeded
 * mix with fixed times, so every run and every commit reads the same bytes), then the bare
 * {@code groupByKey().count()} and Spendline's topology over it, exactly-once, one after the
 * other. Besides the rates it counts, per input event, the changelog records and bytes each store
 * writes (the producer's per-topic metrics): the writes that reach RocksDB and the broker.
 *
 * <p>Run it under JFR ({@code -XX:StartFlightRecording=...}) and summarise with {@code jfr-top}.
 */
public final class ProfileBench {

    /** Event times are spread back from here: fixed, so the input is the same every run. */
    static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");

    public record Settings(
            long events,
            int partitions,
            int workspaces,
            Duration spread,
            long seed,
            Path workDir,
            String topology,
            boolean restore,
            int passes,
            boolean costKnown) {

        public Settings {
            if (passes < 1) {
                throw new IllegalArgumentException("passes must be at least 1: " + passes);
            }
        }

        public Settings(
                long events,
                int partitions,
                int workspaces,
                Duration spread,
                long seed,
                Path workDir,
                String topology,
                boolean restore) {
            this(events, partitions, workspaces, spread, seed, workDir, topology, restore, 1, true);
        }

        boolean dedupeOnly() {
            return "dedupe".equals(topology);
        }

        /** A fresh instance of the topology to profile (each application needs its own). */
        org.apache.kafka.streams.Topology build() {
            return dedupeOnly() ? StreamsBench.dedupeOnly() : StreamsBench.spendline();
        }
    }

    public record Result(StreamsBench.Result bare, StreamsBench.Result spendline, Map<String, double[]> perStore) {}

    private ProfileBench() {}

    public static Result run(Settings settings, PrintStream out) throws Exception {
        Files.createDirectories(settings.workDir());
        try (EmbeddedKafka kafka = EmbeddedKafka.start(settings.workDir().resolve("kafka"), 0, Map.of());
                Admin admin =
                        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            String bootstrap = kafka.bootstrapServers();
            // Every topic the topology reads or writes, as the standalone creates them.
            List<String> topics = java.util.stream.Stream.of(Topics.INPUTS, Topics.SETTINGS, Topics.OUTPUTS)
                    .flatMap(List::stream)
                    .map(t -> t.name())
                    .toList();
            // Kept for good: the input's times are fixed in the past, and a time-based retention would
            // delete it under the running topology (as a broker's default 7 days did).
            TopicSetup.ensureTopics(bootstrap, topics, settings.partitions(), Map.of("retention.ms", "-1"));
            out.printf(
                    "producing %,d events of the seeded mix (seed %d, %d workspace(s), times over %s%s) ...%n",
                    settings.events(),
                    settings.seed(),
                    settings.workspaces(),
                    settings.spread(),
                    settings.costKnown() ? "" : ", every cost 0: priced by the topology");
            long started = System.nanoTime();
            // The same events every run: seeded mix, fixed times, record timestamps 1 ms apart.
            dev.spendline.bench.load.EventProducer.produce(
                    bootstrap,
                    settings.events(),
                    settings.workspaces(),
                    "ws_profile_",
                    settings.seed(),
                    ANCHOR,
                    settings.spread(),
                    settings.costKnown());
            out.printf("produced in %.1f s%n", (System.nanoTime() - started) / 1e9);
            out.printf(
                    "both topologies commit every %,d ms (the streams app's catch-up interval; -Dbench.commit-ms)%n",
                    StreamsBench.commitIntervalMs());

            Path state = settings.workDir().resolve("streams");
            // With --passes N both topologies run N times over the same input in this JVM, each pass a
            // new application (empty state). The first pass pays the JIT's warm-up (on 2 cores the
            // compiler takes about a core for the first 15-20 s of the topology); the last is the
            // rate of warm code, which is what a long-running instance pays per event.
            StreamsBench.Result bare = null;
            StreamsBench.Result spendline = null;
            String applicationId = null;
            Map<String, double[]> perStore = new TreeMap<>();
            List<String> summary = new java.util.ArrayList<>();
            for (int pass = 1; pass <= settings.passes(); pass++) {
                String label = settings.passes() > 1 ? " (pass " + pass + " of " + settings.passes() + ")" : "";
                out.println("bare groupByKey().count(), exactly-once" + label + " ...");
                bare = StreamsBench.run(
                        bootstrap,
                        "profile-bare-" + System.nanoTime(),
                        StreamsBench.bareCount(),
                        "exactly_once_v2",
                        state,
                        admin,
                        progress(out),
                        streams -> {});
                out.printf(
                        "  %,d records in %.2f s = %,.0f records/s (all committed after %.2f s)%n",
                        bare.records(),
                        bare.elapsed().toNanos() / 1e9,
                        bare.perSecond(),
                        bare.committed().toNanos() / 1e9);

                out.println((settings.dedupeOnly() ? "Spendline's dedupe stage alone" : "Spendline topology")
                        + ", exactly-once" + label + " ...");
                perStore.clear();
                double[] streamThreadCpu = new double[1];
                applicationId = "profile-spendline-" + System.nanoTime();
                String threadPrefix = applicationId;
                spendline = StreamsBench.run(
                        bootstrap,
                        applicationId,
                        settings.build(),
                        "exactly_once_v2",
                        state,
                        admin,
                        progress(out),
                        streams -> {
                            perStore.putAll(changelogWrites(streams));
                            streamThreadCpu[0] = streamThreadCpuSeconds(threadPrefix);
                        });
                double ratio = spendline.perSecond() / bare.perSecond();
                out.printf(
                        "  %,d records in %.2f s = %,.0f records/s (%.3f of the bare count; all committed after %.2f s)%n",
                        spendline.records(),
                        spendline.elapsed().toNanos() / 1e9,
                        spendline.perSecond(),
                        ratio,
                        spendline.committed().toNanos() / 1e9);
                out.printf(
                        "  the stream thread was on a CPU %.1f s of those %.1f s%n",
                        streamThreadCpu[0], spendline.elapsed().toNanos() / 1e9);
                summary.add(String.format(
                        "| %d | %,.0f /s | %,.0f /s | %.3f | %.0f µs |",
                        pass,
                        bare.perSecond(),
                        spendline.perSecond(),
                        ratio,
                        streamThreadCpu[0] * 1e6 / spendline.records()));
            }
            if (settings.passes() > 1) {
                out.println();
                out.println("| pass | bare count | Spendline | ratio | stream thread CPU per event |");
                out.println("|---|---|---|---|---|");
                summary.forEach(out::println);
            }
            if (settings.restore()) {
                out.println("losing the state directory and restoring it from the changelogs ...");
                StreamsBench.Restore restore = StreamsBench.restoreAfterLosingState(
                        bootstrap, applicationId, settings.build(), "exactly_once_v2", state);
                out.printf(
                        "  restored %,d changelog records in %.1f s%n",
                        restore.records(), restore.elapsed().toNanos() / 1e9);
            }
            long records = spendline.records();
            out.println();
            out.println("| store (changelog) | records per input event | bytes per input event |");
            out.println("|---|---|---|");
            double totalRecords = 0;
            double totalBytes = 0;
            for (Map.Entry<String, double[]> e : perStore.entrySet()) {
                double r = e.getValue()[0] / records;
                double b = e.getValue()[1] / records;
                totalRecords += r;
                totalBytes += b;
                out.printf("| %s | %.2f | %.0f |%n", e.getKey(), r, b);
            }
            out.printf("| **all stores** | **%.2f** | **%.0f** |%n", totalRecords, totalBytes);
            return new Result(bare, spendline, perStore);
        }
    }

    /** Prints the lag and the rate of the last interval every ten seconds: a slowdown as state grows shows. */
    private static dev.spendline.bench.run.GroupLag.Progress progress(PrintStream out) {
        long[] last = {System.nanoTime(), -1};
        return lag -> {
            long now = System.nanoTime();
            if (last[1] < 0) {
                last[1] = lag;
            }
            if (now - last[0] >= 10_000_000_000L) {
                double rate = (last[1] - lag) / ((now - last[0]) / 1e9);
                out.printf(
                        "  ... %,d records to go (%,.0f records/s over the last %.0f s)%n",
                        lag, rate, (now - last[0]) / 1e9);
                last[0] = now;
                last[1] = lag;
            }
        };
    }

    /** CPU time of the application's stream threads so far: busy, or waiting for something? */
    static double streamThreadCpuSeconds(String applicationPrefix) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long nanos = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(applicationPrefix) && t.getName().contains("-StreamThread-")) {
                nanos += Math.max(0, threads.getThreadCpuTime(t.getId()));
            }
        }
        return nanos / 1e9;
    }

    /** Per changelog topic: records and bytes sent by the application's producer, from its metrics. */
    static Map<String, double[]> changelogWrites(KafkaStreams streams) {
        Map<String, double[]> result = new TreeMap<>();
        for (Map.Entry<MetricName, ? extends Metric> e : streams.metrics().entrySet()) {
            MetricName name = e.getKey();
            String topic = name.tags().get("topic");
            if (!"producer-topic-metrics".equals(name.group()) || topic == null || !topic.endsWith("-changelog")) {
                continue;
            }
            String store = topic.replaceFirst("^profile-spendline-\\d+-", "").replaceFirst("-changelog$", "");
            double value = ((Number) e.getValue().metricValue()).doubleValue();
            double[] sums = result.computeIfAbsent(store, k -> new double[2]);
            if (name.name().equals("record-send-total")) {
                sums[0] += value;
            } else if (name.name().equals("byte-total")) {
                sums[1] += value;
            }
        }
        return result;
    }
}
