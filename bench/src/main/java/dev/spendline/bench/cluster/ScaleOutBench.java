package dev.spendline.bench.cluster;

import dev.spendline.bench.load.EventProducer;
import dev.spendline.bench.run.GroupLag;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.topics.Topics;
import dev.spendline.topics.provision.TopicProvisioner;
import dev.spendline.topics.provision.TopicSettings;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;

/**
 * Issue #20's two figures, on one 3-node cluster in one run: how many events per second 2
 * streams-app instances take versus 1 (the same input, each a fresh application that reads it from
 * the start), and the latency of a read answered by the instance asked (local) versus one it
 * forwards to the owner of the workspace (routed).
 */
public final class ScaleOutBench {

    /**
     * @param events input events, spread over {@code workspaces} workspaces
     * @param querySamples reads per workspace for the latency figure
     */
    public record Settings(
            long events,
            int workspaces,
            int partitions,
            int querySamples,
            Path workDir,
            LocalCluster.Jars jars,
            List<String> serviceJvm) {}

    /** The drain rate of one round: events taken per second once every instance ran. */
    public record Drain(int instances, long events, Duration elapsed) {
        public double perSecond() {
            return events / (elapsed.toNanos() / 1e9);
        }
    }

    private static final String WORKSPACE_PREFIX = "ws_scale_";

    private ScaleOutBench() {}

    public static void run(Settings settings, PrintStream out) throws Exception {
        Files.createDirectories(settings.workDir());
        LocalCluster cluster = new LocalCluster(
                new LocalCluster.Layout(
                        3, 0, 1, 0, settings.partitions(), Duration.ofSeconds(30), settings.serviceJvm()),
                settings.jars(),
                null,
                settings.workDir(),
                settings.workDir().resolve("logs"));
        try (cluster) {
            out.println("Starting 3 Kafka nodes...");
            cluster.startBrokers();
            try (Admin admin =
                    Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
                // As the services create them: replicated 3 times, 2 in sync.
                out.println("Topics: "
                        + new TopicProvisioner(admin, Duration.ofSeconds(60))
                                .createMissing(TopicSettings.withPartitions(settings.partitions())));
                out.printf("Producing %,d events over %d workspaces...%n", settings.events(), settings.workspaces());
                EventProducer.produce(
                        cluster.bootstrapServers(),
                        settings.events(),
                        settings.workspaces(),
                        WORKSPACE_PREFIX,
                        7,
                        Instant.now(),
                        Duration.ofHours(48));
                List<LocalCluster.Service> one = cluster.streamsApps("scale-one", 1);
                Drain alone = drain(admin, one, "scale-one", out);
                one.forEach(s -> s.process().terminate());
                List<LocalCluster.Service> two = cluster.streamsApps("scale-two", 2);
                Drain both = drain(admin, two, "scale-two", out);
                out.printf(
                        "%n| streams-app instances | events | drain time | events/s |%n|---|---|---|---|%n"
                                + "| 1 | %,d | %.1f s | %,.0f |%n| 2 | %,d | %.1f s | %,.0f |%n%nRatio 2 : 1 = %.2f%n",
                        alone.events(),
                        alone.elapsed().toMillis() / 1000.0,
                        alone.perSecond(),
                        both.events(),
                        both.elapsed().toMillis() / 1000.0,
                        both.perSecond(),
                        both.perSecond() / alone.perSecond());
                queryLatency(cluster, admin, two, "scale-two", settings, out);
                two.forEach(s -> s.process().terminate());
            }
        }
    }

    /**
     * Starts the instances, waits until all are RUNNING, then times how long the group takes to
     * catch up with the rest of the input: start-up and the first rebalance are not counted.
     */
    private static Drain drain(Admin admin, List<LocalCluster.Service> instances, String applicationId, PrintStream out)
            throws Exception {
        out.printf("Starting %d streams-app instance(s) of %s...%n", instances.size(), applicationId);
        LocalCluster.startTogether(instances);
        for (LocalCluster.Service instance : instances) {
            LocalCluster.awaitStreamsRunning(instance, Duration.ofSeconds(180));
        }
        String topic = Topics.EVENTS.name();
        long startLag = GroupLag.lag(admin, applicationId, topic);
        long[] lastReport = {System.nanoTime()};
        Duration elapsed = GroupLag.awaitCaughtUp(admin, applicationId, topic, Duration.ofHours(2), lag -> {
            if (System.nanoTime() - lastReport[0] > TimeUnit.SECONDS.toNanos(10)) {
                out.printf("  %s: %,d events behind%n", applicationId, lag);
                lastReport[0] = System.nanoTime();
            }
        });
        Drain drain = new Drain(instances.size(), startLag - GroupLag.lag(admin, applicationId, topic), elapsed);
        out.printf(
                "  %d instance(s): %,d events in %.1f s = %,.0f events/s%n",
                instances.size(), drain.events(), elapsed.toMillis() / 1000.0, drain.perSecond());
        return drain;
    }

    /**
     * Asks instance 1 for every workspace's spend by tenant, {@code querySamples} times each, and
     * splits the timings by whether instance 1 owns the workspace's partition (answered from its
     * own stores) or forwards the read to instance 2.
     */
    private static void queryLatency(
            LocalCluster cluster,
            Admin admin,
            List<LocalCluster.Service> instances,
            String applicationId,
            Settings settings,
            PrintStream out)
            throws Exception {
        List<Integer> ownedByFirst = new ArrayList<>();
        for (MemberDescription member : admin.describeConsumerGroups(List.of(applicationId))
                .all()
                .get()
                .get(applicationId)
                .members()) {
            if (member.groupInstanceId().orElse("").startsWith(applicationId + "-1")) {
                member.assignment().topicPartitions().stream()
                        .filter(tp -> tp.topic().equals(Topics.EVENTS.name()))
                        .forEach(tp -> ownedByFirst.add(tp.partition()));
            }
        }
        HttpQueries first = new HttpQueries(
                instances.get(0).internalUrl(),
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(),
                Duration.ofSeconds(30),
                false,
                InstanceCredential.of(cluster.secret()),
                Clock.systemUTC());
        Instant now = Instant.now();
        List<Long> local = new ArrayList<>();
        List<Long> routed = new ArrayList<>();
        int partitions = settings.partitions();
        // Warm-up: the first reads load classes and connections on both instances.
        for (int w = 0; w < settings.workspaces(); w++) {
            first.answer(QueryType.SPEND_BY, spend(WORKSPACE_PREFIX + w, now));
        }
        for (int sample = 0; sample < settings.querySamples(); sample++) {
            for (int w = 0; w < settings.workspaces(); w++) {
                String workspace = WORKSPACE_PREFIX + w;
                long started = System.nanoTime();
                first.answer(QueryType.SPEND_BY, spend(workspace, now));
                long micros = (System.nanoTime() - started) / 1_000;
                (ownedByFirst.contains(Topics.partitionOf(workspace, partitions)) ? local : routed).add(micros);
            }
        }
        out.printf(
                "%n| read (spend by tenant, 40 days) | reads | p50 | p95 | p99 |%n|---|---|---|---|---|%n%s%n%s%n",
                row("local (instance asked owns the workspace)", local),
                row("routed (forwarded to the owner)", routed));
    }

    private static SpendQuery spend(String workspace, Instant now) {
        return new SpendQuery(
                workspace,
                UsageKind.PRODUCT,
                Dimension.TENANT,
                now.minus(40, ChronoUnit.DAYS),
                now.plus(1, ChronoUnit.DAYS),
                Map.of(),
                1_000);
    }

    private static String row(String name, List<Long> micros) {
        if (micros.isEmpty()) {
            return "| " + name + " | 0 | | | |";
        }
        long[] sorted = micros.stream().mapToLong(Long::longValue).sorted().toArray();
        return String.format(
                "| %s | %,d | %.1f ms | %.1f ms | %.1f ms |",
                name,
                sorted.length,
                percentile(sorted, 50) / 1000.0,
                percentile(sorted, 95) / 1000.0,
                percentile(sorted, 99) / 1000.0);
    }

    private static long percentile(long[] sorted, double p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
