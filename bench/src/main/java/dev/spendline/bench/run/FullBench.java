package dev.spendline.bench.run;

import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.load.ReportClient;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.bench.process.PostgresWorkspace;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.topics.Topics;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;

/**
 * The whole benchmark in one run, on one machine and one broker (the standalone process's
 * embedded Kafka), printing one table: Kafka's own limits beside Spendline's figures, freshness
 * under load, query latency at 10 million events, and the process's memory at the end.
 */
public final class FullBench {

    /** What the run does; the defaults are the documented run. */
    public record Settings(
            Path standaloneJar,
            Path workDir,
            Duration phase,
            List<Integer> freshnessRates,
            int freshnessProbes,
            long datasetEvents,
            int querySamples,
            String jvmOptions,
            Path gatewayJar,
            String gatewayJvmOptions,
            String postgresUrl,
            boolean freshnessOnly,
            boolean datasetOnly,
            boolean otlp) {}

    private static final Pattern PRINTED_KEY = Pattern.compile("^\\s+(spl_[A-Za-z0-9_-]{40,})$");
    private static final String STREAMS_GROUP = "spendline-streams";
    /** Kept-alive connections for single events: many senders, each with one request in flight. */
    private static final int SINGLE_CONNECTIONS = 256;

    private final Settings settings;
    private final ResultTable table;

    public FullBench(Settings settings) {
        this.settings = settings;
        this.table = new ResultTable(settings.workDir().resolve("results-partial.md"));
    }

    /** Only the ingest comparison: the raw producer and the gateway service on a quiet broker. */
    public String runIngestOnly() throws Exception {
        Files.createDirectories(settings.workDir());
        ingestAlone();
        return table.render(Instant.now(), Duration.ZERO);
    }

    public String run() throws Exception {
        Files.createDirectories(settings.workDir());
        RawProducerBench.Result raw = settings.freshnessOnly() || settings.datasetOnly() ? null : ingestAlone();
        int port = FreePorts.loopback();
        int kafkaPort = FreePorts.loopback();
        String bootstrap = "127.0.0.1:" + kafkaPort;
        // The standalone's broker requires its credentials: the bench's own clients present them too.
        dev.spendline.bench.BenchKafka.registerStandalone(
                bootstrap, settings.workDir().resolve("data"));
        List<String> jvm = List.of(settings.jvmOptions().trim().split("\\s+"));
        try (JavaProcess standalone = JavaProcess.jar(
                        "standalone",
                        settings.standaloneJar(),
                        jvm,
                        List.of(
                                "--data-dir",
                                settings.workDir().resolve("data").toString(),
                                "--port",
                                String.valueOf(port),
                                "--kafka-port",
                                String.valueOf(kafkaPort)),
                        settings.workDir());
                Admin admin = Admin.create(dev.spendline.bench.BenchKafka.config(bootstrap))) {
            step("starting standalone (" + settings.jvmOptions() + ")");
            standalone.start("Stop with Ctrl-C.", Duration.ofSeconds(120));
            String key = printedKey(standalone);
            URI base = URI.create("http://127.0.0.1:" + port);
            String workspaceId =
                    new ReportClient(base, key).byTenant().orElseThrow().workspaceId();

            step("warm-up: 10 s of batched ingest");
            ingest(base, key, 0, 100, 8, Duration.ofSeconds(10), "warmup");
            if (settings.freshnessOnly()) {
                for (int rate : settings.freshnessRates()) {
                    GroupLag.awaitCaughtUp(
                            admin, STREAMS_GROUP, Topics.EVENTS.name(), Duration.ofMinutes(20), lag -> {});
                    freshness(base, key, rate);
                }
                return table.render(Instant.now(), Duration.ZERO);
            }

            if (settings.datasetOnly()) {
                return dataset(standalone, admin, bootstrap, base, key, workspaceId);
            }
            step("standalone ingest, batches of 100, " + settings.phase().toSeconds() + " s");
            LoadGenerator.Result batch = ingest(base, key, 0, 100, 8, settings.phase(), "batch");
            table.throughput(
                    "standalone (Tomcat; its topology busy too), batches of 100, events/s",
                    batch.eventsPerSecond(),
                    batch.eventsPerSecond() / raw.perSecond(),
                    "(not a goal)");
            step("standalone ingest, single events, " + settings.phase().toSeconds() + " s");
            LoadGenerator.Result single = ingest(base, key, 0, 1, 64, settings.phase(), "single");
            table.throughput(
                    "standalone (Tomcat; its topology busy too), single events, requests/s",
                    single.requestsPerSecond(),
                    null,
                    "(not a goal)");
            table.note("standalone ingest latency: batches p50 " + ms(batch.latencyMicros(), 50) + " ms, p99 "
                    + ms(batch.latencyMicros(), 99) + " ms; single p50 " + ms(single.latencyMicros(), 50)
                    + " ms, p99 " + ms(single.latencyMicros(), 99) + " ms");

            step("waiting for standalone's topology to catch up");
            GroupLag.awaitCaughtUp(admin, STREAMS_GROUP, Topics.EVENTS.name(), Duration.ofMinutes(20), lag -> {});
            step("bare groupByKey().count(), exactly_once_v2");
            StreamsBench.Result bare = StreamsBench.run(
                    bootstrap,
                    "bench-bare-count-" + System.nanoTime(),
                    StreamsBench.bareCount(),
                    "exactly_once_v2",
                    settings.workDir().resolve("streams-bench"),
                    admin);
            table.throughput(
                    "Kafka Streams groupByKey().count(), exactly-once, " + bare.records() + " records",
                    bare.perSecond(),
                    null,
                    null);
            step("Spendline topology, exactly_once_v2");
            StreamsBench.Result full = StreamsBench.run(
                    bootstrap,
                    "bench-spendline-" + System.nanoTime(),
                    StreamsBench.spendline(),
                    "exactly_once_v2",
                    settings.workDir().resolve("streams-bench"),
                    admin);
            table.throughput(
                    "Spendline topology (dedupe, rollups, waste, budgets, alerts), exactly-once",
                    full.perSecond(),
                    full.perSecond() / bare.perSecond(),
                    "≥ 0.5 of the bare count");

            for (int rate : settings.freshnessRates()) {
                GroupLag.awaitCaughtUp(admin, STREAMS_GROUP, Topics.EVENTS.name(), Duration.ofMinutes(20), lag -> {});
                freshness(base, key, rate);
            }

            long present = GroupLag.endOffsets(admin, Topics.EVENTS.name());
            long toLoad = Math.max(0, settings.datasetEvents() - present);
            step(String.format("loading %,d more events (30 days) straight into Kafka", toLoad));
            long loadStarted = System.nanoTime();
            DatasetLoader.load(bootstrap, workspaceId, toLoad, n -> progress(String.format("  %,d sent", n)));
            step("waiting for standalone's topology to process them");
            RateAlongTheWay rates = new RateAlongTheWay(present, toLoad);
            Duration caughtUp = GroupLag.awaitCaughtUp(
                    admin,
                    STREAMS_GROUP,
                    Topics.EVENTS.name(),
                    // Generous: the load slows as state grows, and more when the machine is shared.
                    Duration.ofHours(3),
                    lag -> {
                        rates.lag(lag);
                        progress(String.format("  lag %,d", lag));
                    });
            rates.report(table);
            double standaloneRate = toLoad / ((System.nanoTime() - loadStarted) / 1e9);
            table.note(String.format(
                    "standalone's own topology processed the %,d-event load at %,.0f events/s while it was being"
                            + " produced (%.0f s until caught up)",
                    toLoad, standaloneRate, (System.nanoTime() - loadStarted) / 1e9));
            long total = GroupLag.endOffsets(admin, Topics.EVENTS.name());

            YearMonth thisMonth = YearMonth.now(ZoneOffset.UTC);
            int revenueRows = RevenueLoader.load(base, key, "t", 1_000, List.of(thisMonth.minusMonths(1), thisMonth));
            table.note(String.format(
                    "%,d revenue rows entered through the settings API for the margin reads", revenueRows));
            Thread.sleep(2_000);

            step("query latency at " + total + " events");
            ReportClient reports = new ReportClient(base, key);
            for (Map.Entry<String, Histogram> read :
                    QueryBench.run(reports, 20, settings.querySamples()).entrySet()) {
                Histogram h = read.getValue();
                table.latency(
                        read.getKey() + String.format(" (%,d events)", total),
                        h.getValueAtPercentile(50) / 1000.0,
                        h.getValueAtPercentile(95) / 1000.0,
                        h.getValueAtPercentile(99) / 1000.0,
                        "p95 ≤ 50 ms");
            }

            ProcessMemory.Snapshot memory = ProcessMemory.of(standalone.pid());
            table.memory(memory, settings.jvmOptions());
            restore(standalone, base, key, total);
            String result = table.render(Instant.now(), caughtUp);
            Files.writeString(settings.workDir().resolve("results.md"), result);
            return result;
        }
    }

    /**
     * Only the query benchmark's workspace: loaded, processed, given revenue, and left in the data
     * directory for {@code bench queries} against a later start of any standalone jar on it.
     */
    private String dataset(
            JavaProcess standalone, Admin admin, String bootstrap, URI base, String key, String workspaceId)
            throws Exception {
        long present = GroupLag.endOffsets(admin, Topics.EVENTS.name());
        long toLoad = Math.max(0, settings.datasetEvents() - present);
        step(String.format("loading %,d events (30 days) straight into Kafka", toLoad));
        long loadStarted = System.nanoTime();
        DatasetLoader.load(bootstrap, workspaceId, toLoad, n -> progress(String.format("  %,d sent", n)));
        step("waiting for the topology to process them");
        RateAlongTheWay rates = new RateAlongTheWay(present, toLoad);
        Duration caughtUp =
                GroupLag.awaitCaughtUp(admin, STREAMS_GROUP, Topics.EVENTS.name(), Duration.ofHours(3), lag -> {
                    rates.lag(lag);
                    progress(String.format("  lag %,d", lag));
                });
        rates.report(table);
        double seconds = (System.nanoTime() - loadStarted) / 1e9;
        table.note(String.format(
                "the topology processed the %,d-event load at %,.0f events/s (%.0f s until caught up)",
                toLoad, toLoad / seconds, seconds));
        YearMonth thisMonth = YearMonth.now(ZoneOffset.UTC);
        int revenueRows = RevenueLoader.load(base, key, "t", 1_000, List.of(thisMonth.minusMonths(1), thisMonth));
        table.note(String.format("%,d revenue rows entered through the settings API", revenueRows));
        table.note("data directory " + settings.workDir().resolve("data") + ", workspace " + workspaceId + ", key "
                + key + " (for bench queries)");
        String result = table.render(Instant.now(), caughtUp);
        Files.writeString(settings.workDir().resolve("results.md"), result);
        return result;
    }

    /**
     * Restore after losing the state directory: the standalone is stopped, its Kafka Streams state
     * deleted (the broker's log and the control plane stay), and started again; the time is from
     * the new process's start until the spend report answers again, i.e. until every store was
     * rebuilt from its changelog.
     */
    private void restore(JavaProcess standalone, URI base, String key, long events) throws Exception {
        step("restore: stop the standalone, delete its streams state, start it again");
        standalone.terminate();
        Path state = settings.workDir().resolve("data").resolve("streams");
        long stateBytes = sizeOf(state);
        deleteRecursively(state);
        long started = System.nanoTime();
        standalone.start("Stop with Ctrl-C.", Duration.ofSeconds(120));
        double processUp = (System.nanoTime() - started) / 1e9;
        ReportClient reports = new ReportClient(base, key);
        long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
        while (reports.byTenant().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the spend report did not answer within 30 min of the restart");
            }
            Thread.sleep(250);
        }
        double answered = (System.nanoTime() - started) / 1e9;
        table.row(
                String.format(
                        "restore after losing the state directory (%,d events; state was %,d MiB on disk)",
                        events, stateBytes >> 20),
                String.format("%.1f s until the report answers (process up after %.1f s)", answered, processUp),
                "",
                "≤ 2 min");
    }

    private static long sizeOf(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Probes freshness while the generator offers {@code rate} events/s in batches of 100. */
    private void freshness(URI base, String key, int rate) throws InterruptedException {
        step("freshness at " + rate + " events/s offered");
        Ledger ledger = new Ledger();
        LoadGenerator background =
                new LoadGenerator(settings(base, key, rate, 100, 16, Duration.ofHours(1), "fresh" + rate), ledger);
        Thread load = new Thread(background::run, "freshness-load");
        load.start();
        Thread.sleep(3_000);
        FreshnessProbe probe = new FreshnessProbe(base, key);
        long loadStart = ledger.acknowledgedItems();
        long probeStart = System.nanoTime();
        Histogram freshness = probe.run(settings.freshnessProbes(), Duration.ofMillis(200));
        double sustained = (ledger.acknowledgedItems() - loadStart) / ((System.nanoTime() - probeStart) / 1e9);
        background.stop();
        load.join();
        String what = String.format(
                "freshness, 202 → visible in the report, %,d events/s offered (%,.0f accepted)", rate, sustained);
        if (probe.gaveUp()) {
            table.row(
                    what,
                    String.format(
                            "not sustained: %d probes not visible within 30 s, so the run stopped probing this rate"
                                    + " (%d sent, %d seen in time, p50 of those %d ms)",
                            probe.timeouts(), probe.sent(), probe.visible(), freshness.getValueAtPercentile(50)),
                    "",
                    "p99 ≤ 1,000 ms");
        } else {
            table.latency(
                    what,
                    freshness.getValueAtPercentile(50),
                    null,
                    freshness.getValueAtPercentile(99),
                    "p99 ≤ 1,000 ms");
        }
        if (probe.timeouts() > 0) {
            table.note(probe.timeouts() + " freshness probes at " + rate + " events/s failed or timed out (30 s)");
        }
    }

    /**
     * Ingest on a quiet machine: a broker of its own (in this process) and the gateway service as
     * deployed in production (its own process on Netty, keys in PostgreSQL), with nothing consuming.
     * The raw producer runs against the same broker with records of the same size, so the ratio
     * shows what the gateway costs, not what a busy topology next to it costs.
     */
    private RawProducerBench.Result ingestAlone() throws Exception {
        List<String> jvm = List.of((settings.jvmOptions() + " " + settings.gatewayJvmOptions())
                .trim()
                .split("\\s+"));
        if (settings.gatewayJar() == null || !Files.exists(settings.gatewayJar())) {
            throw new IllegalArgumentException("no gateway jar at " + settings.gatewayJar()
                    + "; build it with ./mvnw -DskipTests -pl gateway -am package");
        }
        int port = FreePorts.loopback();
        step("ingest alone: a broker and the gateway service (Netty), nothing consuming");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(
                        settings.workDir().resolve("ingest-kafka"), FreePorts.loopback(), Map.of());
                PostgresWorkspace controlPlane = PostgresWorkspace.create(settings.postgresUrl(), "bench", Plan.TEAM);
                JavaProcess gateway = JavaProcess.jar(
                        "gateway",
                        settings.gatewayJar(),
                        jvm,
                        List.of(
                                "--server.port=" + port,
                                "--spendline.kafka.bootstrap-servers=" + kafka.bootstrapServers(),
                                // No stream processor runs here to count the quota against.
                                "--spendline.quota.enabled=false",
                                "--spring.datasource.url=" + controlPlane.jdbcUrl(),
                                "--spring.datasource.username=postgres"),
                        settings.workDir())) {
            TopicSetup.ensureTopics(
                    kafka.bootstrapServers(),
                    List.of(Topics.EVENTS.name(), Topics.INTERNAL_USAGE.name(), "bench.raw"),
                    4,
                    Map.of());
            gateway.start("Started GatewayApplication", Duration.ofSeconds(90));
            URI base = URI.create("http://127.0.0.1:" + port);
            String key = controlPlane.key().secret();
            String workspaceId = controlPlane.key().key().workspaceId();
            boolean wrk = WrkLoad.available();
            if (settings.otlp()) {
                if (!wrk) {
                    throw new IllegalStateException("--otlp measures with wrk: apt-get install wrk");
                }
                otlpBesideEvents(base, key);
                return null;
            }
            step(
                    wrk
                            ? "warm-up: 60 s of ingest with wrk (the gateway's JIT needs about a minute on 2 cores)"
                            : "warm-up: 10 s of batched ingest (wrk is not installed: apt-get install wrk)");
            WrkLoad wrkLoad = new WrkLoad(settings.workDir());
            if (wrk) {
                wrkLoad.run(base, key, 100, 8, Duration.ofSeconds(30), "warmup-batch");
                wrkLoad.run(base, key, 1, SINGLE_CONNECTIONS, Duration.ofSeconds(30), "warmup-single");
            } else {
                ingest(base, key, 0, 100, 8, Duration.ofSeconds(10), "gateway-warmup");
            }

            step("raw Kafka producer, " + settings.phase().toSeconds() + " s");
            List<byte[]> records = RawProducerBench.records(workspaceId, 100_000, 1, Duration.ZERO);
            RawProducerBench.Result raw =
                    RawProducerBench.run(kafka.bootstrapServers(), "bench.raw", workspaceId, records, settings.phase());
            table.throughput(
                    "Kafka producer (acks=all, idempotent, lz4), records of " + Math.round(raw.averageRecordBytes())
                            + " B",
                    raw.perSecond(),
                    null,
                    null);
            if (wrk) {
                step("gateway service, batches of 100 (wrk), "
                        + settings.phase().toSeconds() + " s");
                WrkLoad.Result batch = wrkLoad.run(base, key, 100, 8, settings.phase(), "batch");
                table.throughput(
                        "gateway service (Netty), batches of 100 (8 connections, wrk), events/s",
                        batch.eventsPerSecond(),
                        batch.eventsPerSecond() / raw.perSecond(),
                        "≥ 0.5 of the producer");
                step("gateway service, single events (wrk), " + settings.phase().toSeconds() + " s");
                WrkLoad.Result single = wrkLoad.run(base, key, 1, SINGLE_CONNECTIONS, settings.phase(), "single");
                table.throughput(
                        "gateway service (Netty), single events (" + SINGLE_CONNECTIONS
                                + " connections, wrk), requests/s",
                        single.requestsPerSecond(),
                        null,
                        "≥ 15,000 requests/s");
                table.note(String.format(
                        "gateway service latency (wrk): batches p50 %.1f ms, p99 %.1f ms; single p50 %.1f ms, p99 %.1f ms",
                        batch.p50Millis(), batch.p99Millis(), single.p50Millis(), single.p99Millis()));
                return raw;
            }
            step("gateway service, batches of 100, " + settings.phase().toSeconds() + " s");
            LoadGenerator.Result batch = ingest(base, key, 0, 100, 8, settings.phase(), "gateway-batch");
            table.throughput(
                    "gateway service (Netty), batches of 100 (8 in flight), events/s",
                    batch.eventsPerSecond(),
                    batch.eventsPerSecond() / raw.perSecond(),
                    "≥ 0.5 of the producer");
            step("gateway service, single events, " + settings.phase().toSeconds() + " s");
            LoadGenerator.Result single = ingest(base, key, 0, 1, 64, settings.phase(), "gateway-single");
            table.throughput(
                    "gateway service (Netty), single events (64 in flight), requests/s",
                    single.requestsPerSecond(),
                    null,
                    "≥ 15,000 requests/s");
            table.note("gateway service latency: batches p50 " + ms(batch.latencyMicros(), 50) + " ms, p99 "
                    + ms(batch.latencyMicros(), 99) + " ms; single p50 " + ms(single.latencyMicros(), 50)
                    + " ms, p99 " + ms(single.latencyMicros(), 99) + " ms");
            return raw;
        }
    }

    /**
     * {@code POST /v1/traces} beside {@code /api/v1/events} on the same gateway (issue #32): batches
     * of 100 events, then exports of 100 GenAI spans in protobuf and in OTLP/JSON (the same event
     * mix, {@link OtlpBodies}), each with wrk on 8 connections for a phase, after a short warm-up of
     * each. A 200 with rejected spans would still be a 2xx to wrk, so one export of each encoding is
     * sent first and must come back with nothing rejected.
     */
    private void otlpBesideEvents(URI base, String key) throws Exception {
        WrkLoad wrk = new WrkLoad(settings.workDir());
        OtlpCheck.acceptedWhole(base, key);
        Duration warmup = Duration.ofSeconds(Math.max(5, settings.phase().toSeconds() / 2));
        step("warm-up: " + warmup.toSeconds() + " s of each: events, OTLP protobuf, OTLP JSON (wrk)");
        wrk.run(base, key, 100, 8, warmup, "otlp-warmup-events");
        wrk.runOtlp(base, key, 100, true, 8, warmup, "otlp-warmup-protobuf");
        wrk.runOtlp(base, key, 100, false, 8, warmup, "otlp-warmup-json");
        long phase = settings.phase().toSeconds();
        step("gateway service, /api/v1/events batches of 100 (wrk), " + phase + " s");
        WrkLoad.Result events = wrk.run(base, key, 100, 8, settings.phase(), "otlp-events");
        step("gateway service, /v1/traces protobuf exports of 100 spans (wrk), " + phase + " s");
        WrkLoad.Result protobuf = wrk.runOtlp(base, key, 100, true, 8, settings.phase(), "otlp-protobuf");
        step("gateway service, /v1/traces OTLP/JSON exports of 100 spans (wrk), " + phase + " s");
        WrkLoad.Result json = wrk.runOtlp(base, key, 100, false, 8, settings.phase(), "otlp-json");
        table.throughput(
                "gateway service, /api/v1/events batches of 100 (8 connections, wrk), events/s",
                events.eventsPerSecond(),
                null,
                null);
        table.throughput(
                "gateway service, /v1/traces protobuf, 100 spans per export (8 connections, wrk), spans/s",
                protobuf.eventsPerSecond(),
                protobuf.eventsPerSecond() / events.eventsPerSecond(),
                "≥ 0.8 of events/s");
        table.throughput(
                "gateway service, /v1/traces OTLP/JSON, 100 spans per export (8 connections, wrk), spans/s",
                json.eventsPerSecond(),
                json.eventsPerSecond() / events.eventsPerSecond(),
                "(not a goal)");
        table.note(String.format(
                "latency p50 / p99 (wrk): events %.1f / %.1f ms; OTLP protobuf %.1f / %.1f ms; OTLP/JSON %.1f / %.1f ms",
                events.p50Millis(),
                events.p99Millis(),
                protobuf.p50Millis(),
                protobuf.p99Millis(),
                json.p50Millis(),
                json.p99Millis()));
    }

    private LoadGenerator.Result ingest(
            URI base, String key, int rate, int batch, int concurrency, Duration duration, String tag) {
        return new LoadGenerator(settings(base, key, rate, batch, concurrency, duration, tag), new Ledger()).run();
    }

    private static LoadGenerator.Settings settings(
            URI base, String key, int rate, int batch, int concurrency, Duration duration, String tag) {
        return new LoadGenerator.Settings(
                base,
                key,
                rate,
                batch,
                concurrency,
                duration,
                tag.hashCode(),
                tag + System.nanoTime(),
                Duration.ZERO,
                Duration.ofSeconds(60));
    }

    private static String ms(Histogram micros, double percentile) {
        return String.format("%.1f", micros.getValueAtPercentile(percentile) / 1000.0);
    }

    /** The API key a fresh standalone prints at its first start. */
    static String printedKey(JavaProcess standalone) {
        for (String line : standalone.output()) {
            Matcher m = PRINTED_KEY.matcher(line);
            if (m.matches()) {
                return m.group(1);
            }
        }
        throw new IllegalStateException("standalone printed no API key; is the data directory new?");
    }

    private static void step(String what) {
        System.out.println("[" + java.time.LocalTime.now().withNano(0) + "] " + what);
    }

    private static long lastProgress;

    private static void progress(String what) {
        if (System.nanoTime() - lastProgress > 5_000_000_000L) {
            lastProgress = System.nanoTime();
            System.out.println(what);
        }
    }
}
