package dev.spendline.bench;

import dev.spendline.bench.cluster.LocalCluster;
import dev.spendline.bench.cluster.ScaleOutBench;
import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.bench.run.FullBench;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code spendline-bench}: the load generator and the full benchmark run. */
@Command(
        name = "spendline-bench",
        mixinStandardHelpOptions = true,
        description = "Load generator and benchmarks for Spendline.",
        subcommands = {
            BenchMain.Load.class,
            BenchMain.Run.class,
            BenchMain.Queries.class,
            BenchMain.Views.class,
            BenchMain.Mcp.class,
            BenchMain.Client.class,
            BenchMain.Interpret.class,
            BenchMain.Streams.class,
            BenchMain.Profile.class,
            BenchMain.Webhooks.class,
            BenchMain.JfrTopCommand.class,
            BenchMain.Cluster.class,
            BenchMain.KafkaNode.class
        })
public final class BenchMain {

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }

    /** The workspace a timing command reads, and how many timed requests: shared by queries and mcp. */
    static final class ReadTarget {
        @Option(
                names = "--url",
                defaultValue = "http://127.0.0.1:8080",
                description = "Base URL (default: ${DEFAULT-VALUE}).")
        URI url;

        @Option(names = "--key", required = true, description = "API key of the workspace to read.")
        String key;

        @Option(
                names = "--samples",
                defaultValue = "300",
                description = "Timed requests per read (default: ${DEFAULT-VALUE}).")
        int samples;
    }

    @Command(
            name = "load",
            mixinStandardHelpOptions = true,
            description = "Send the seeded event mix to a running Spendline and print what was acknowledged.")
    static final class Load implements Callable<Integer> {
        @Option(
                names = "--url",
                defaultValue = "http://127.0.0.1:8080",
                description = "Base URL (default: ${DEFAULT-VALUE}).")
        URI url;

        @Option(names = "--key", required = true, description = "API key of the workspace to load.")
        String key;

        @Option(
                names = "--rate",
                defaultValue = "0",
                description = "Events per second; 0: as fast as answered (default: ${DEFAULT-VALUE}).")
        int rate;

        @Option(
                names = "--batch",
                defaultValue = "100",
                description = "Events per request; 1 sends single events (default: ${DEFAULT-VALUE}).")
        int batch;

        @Option(
                names = "--concurrency",
                defaultValue = "8",
                description = "Requests in flight (default: ${DEFAULT-VALUE}).")
        int concurrency;

        @Option(
                names = "--duration",
                defaultValue = "PT30S",
                description = "How long to send, ISO-8601 (default: ${DEFAULT-VALUE}).")
        Duration duration;

        @Option(
                names = "--seed",
                defaultValue = "1",
                description = "Random seed of the mix (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(
                names = "--spread",
                defaultValue = "PT0S",
                description =
                        "Spread event times over this much of the past; 0: the gateway stamps them (default: ${DEFAULT-VALUE}).")
        Duration spread;

        @Override
        public Integer call() {
            if (batch < 1 || batch > 1_000 || concurrency < 1 || rate < 0) {
                System.err.println("--batch must be 1..1000, --concurrency at least 1, --rate at least 0");
                return 2;
            }
            Ledger ledger = new Ledger();
            LoadGenerator.Result result = new LoadGenerator(
                            new LoadGenerator.Settings(
                                    url,
                                    key,
                                    rate,
                                    batch,
                                    concurrency,
                                    duration,
                                    seed,
                                    "load-" + System.nanoTime(),
                                    spread,
                                    Duration.ofSeconds(60)),
                            ledger)
                    .run();
            System.out.println(result.summary());
            System.out.printf(
                    "ledger: %,d distinct events, %s USD%n",
                    ledger.calls(), ledger.costUsd().toPlainString());
            return result.rejected() == 0 && result.gaveUp() == 0 ? 0 : 1;
        }
    }

    @Command(
            name = "webhooks",
            mixinStandardHelpOptions = true,
            description = "Alert delivery latency (issue #33): starts the standalone jar on a fresh data directory,"
                    + " registers a webhook receiver in this process and budgets of 1 USD, offers --rate events/s"
                    + " and times each budget alert from its trigger event's 202 to the signed webhook:"
                    + " p50 / p95 / p99.")
    static final class Webhooks implements Callable<Integer> {
        @Option(
                names = "--standalone-jar",
                defaultValue = "standalone/target/spendline-standalone.jar",
                description = "(default: ${DEFAULT-VALUE})")
        Path jar;

        @Option(
                names = "--work-dir",
                defaultValue = "target/bench-webhooks",
                description = "Fresh directory for data and logs (default: ${DEFAULT-VALUE}).")
        Path workDir;

        @Option(
                names = "--rate",
                defaultValue = "1000",
                description = "Events/s offered meanwhile (default: ${DEFAULT-VALUE}).")
        int rate;

        @Option(
                names = "--budgets",
                defaultValue = "90",
                description = "Budgets, each giving three alert changes (default: ${DEFAULT-VALUE}; at most 100).")
        int budgets;

        @Option(
                names = "--interval",
                defaultValue = "PT0.1S",
                description = "Time between trigger events (default: ${DEFAULT-VALUE}).")
        Duration interval;

        @Option(
                names = "--jvm",
                defaultValue = "-Xmx1g -XX:+UseParallelGC",
                description = "JVM options of the standalone process (default: ${DEFAULT-VALUE}).")
        String jvm;

        @Override
        public Integer call() throws Exception {
            if (java.nio.file.Files.exists(workDir.resolve("data"))) {
                System.err.println(workDir + " holds an earlier run; remove it or pass another --work-dir");
                return 2;
            }
            if (budgets < 1 || budgets > 100) {
                System.err.println("--budgets must be 1 to 100 (a workspace's budget limit)");
                return 2;
            }
            var result = new dev.spendline.bench.run.WebhookLatencyBench(
                            jar, workDir, List.of(jvm.trim().split("\\s+")), rate, budgets, interval)
                    .run();
            var ms = result.millis();
            System.out.println();
            System.out.printf(
                    "| figure | p50 | p95 | p99 | max |%n|---|---:|---:|---:|---:|%n"
                            + "| event accepted (202) → webhook received, %,.0f events/s accepted meanwhile,"
                            + " %d of %d alert changes | %d ms | %d ms | %d ms | %d ms |%n",
                    result.offered(),
                    result.received(),
                    result.triggers(),
                    ms.getValueAtPercentile(50),
                    ms.getValueAtPercentile(95),
                    ms.getValueAtPercentile(99),
                    ms.getMaxValue());
            System.out.printf(
                    "%d webhooks missing after 30 s, %d requests with a bad signature (goal: p95 ≤ 2,000 ms, none missing)%n",
                    result.missing(), result.badSignatures());
            return result.missing() == 0 && result.badSignatures() == 0 ? 0 : 1;
        }
    }

    @Command(
            name = "run",
            mixinStandardHelpOptions = true,
            description =
                    "The full benchmark: starts the standalone jar on a fresh data directory and prints one table.")
    static final class Run implements Callable<Integer> {
        @Option(
                names = "--standalone-jar",
                defaultValue = "standalone/target/spendline-standalone.jar",
                description = "(default: ${DEFAULT-VALUE})")
        Path jar;

        @Option(
                names = "--work-dir",
                defaultValue = "target/bench-run",
                description = "Fresh directory for data, logs and results.md (default: ${DEFAULT-VALUE}).")
        Path workDir;

        @Option(
                names = "--phase",
                defaultValue = "PT20S",
                description = "Length of each throughput phase (default: ${DEFAULT-VALUE}).")
        Duration phase;

        @Option(
                names = "--freshness-rates",
                split = ",",
                defaultValue = "20000,10000,5000",
                description =
                        "Events/s offered while freshness is probed, one measurement per rate (default: ${DEFAULT-VALUE}).")
        java.util.List<Integer> freshnessRates;

        @Option(names = "--freshness-probes", defaultValue = "100", description = "(default: ${DEFAULT-VALUE})")
        int freshnessProbes;

        @Option(
                names = "--events",
                defaultValue = "10000000",
                description = "Events in the workspace for the query latencies (default: ${DEFAULT-VALUE}).")
        long events;

        @Option(
                names = "--query-samples",
                defaultValue = "300",
                description = "Timed requests per read (default: ${DEFAULT-VALUE}).")
        int querySamples;

        @Option(
                names = "--jvm",
                defaultValue = "-Xmx1g -XX:+UseParallelGC",
                description =
                        "JVM options of the standalone process, as bin/spendline-local (default: ${DEFAULT-VALUE}).")
        String jvm;

        @Option(
                names = "--gateway-jar",
                defaultValue = "gateway/target/gateway-0.1.0-SNAPSHOT-exec.jar",
                description =
                        "The gateway service, measured on its own too; skipped when missing (default: ${DEFAULT-VALUE}).")
        Path gatewayJar;

        @Option(
                names = "--gateway-jvm",
                defaultValue = "",
                description = "Extra JVM options of the gateway service, e.g. a flight recording.")
        String gatewayJvm;

        @Option(
                names = "--freshness-only",
                description = "Start the standalone on a fresh data directory and measure only freshness at"
                        + " --freshness-rates, then stop.")
        boolean freshnessOnly;

        @Option(
                names = "--dataset-only",
                description = "Start the standalone on a fresh data directory, load --events into one workspace,"
                        + " wait until processed, enter revenue, print the key and stop: for bench queries"
                        + " against any later start on that data directory.")
        boolean datasetOnly;

        @Option(
                names = "--ingest-only",
                description = "Measure only the raw producer and the gateway service, then stop.")
        boolean ingestOnly;

        @Option(
                names = "--otlp",
                description = "With --ingest-only and wrk: instead of the producer and single events, measure"
                        + " POST /v1/traces (exports of 100 GenAI spans, protobuf and OTLP/JSON) beside"
                        + " /api/v1/events batches of 100 on the same gateway, each for --phase.")
        boolean otlp;

        @Option(
                names = "--postgres",
                defaultValue = dev.spendline.bench.process.PostgresWorkspace.DEFAULT_SERVER,
                description =
                        "PostgreSQL for the gateway service's keys; a fresh schema is used and dropped (default: ${DEFAULT-VALUE}).")
        String postgres;

        @Override
        public Integer call() throws Exception {
            if (java.nio.file.Files.exists(workDir.resolve("data"))
                    || java.nio.file.Files.exists(workDir.resolve("ingest-kafka"))) {
                System.err.println(workDir + " holds an earlier run; remove it or pass another --work-dir");
                return 2;
            }
            if (otlp && !ingestOnly) {
                System.err.println("--otlp goes with --ingest-only");
                return 2;
            }
            FullBench bench = new FullBench(new FullBench.Settings(
                    jar,
                    workDir,
                    phase,
                    freshnessRates,
                    freshnessProbes,
                    events,
                    querySamples,
                    jvm,
                    gatewayJar,
                    gatewayJvm,
                    postgres,
                    freshnessOnly,
                    datasetOnly,
                    otlp));
            String table = ingestOnly ? bench.runIngestOnly() : bench.run();
            System.out.println();
            System.out.println(table);
            return 0;
        }
    }

    @Command(
            name = "interpret",
            mixinStandardHelpOptions = true,
            description = "Time Ask's reading of every question of the corpus files (no tool call): p50 / p95 / p99.")
    static final class Interpret implements Callable<Integer> {
        @Option(
                names = "--corpus",
                split = ",",
                defaultValue = "ask/src/test/resources/ask/corpus.json,ask/src/test/resources/ask/held-back.json",
                description = "Corpus files (default: ${DEFAULT-VALUE}).")
        java.util.List<Path> corpora;

        @Option(
                names = "--rounds",
                defaultValue = "50",
                description = "Timed rounds over all questions (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Override
        public Integer call() throws Exception {
            var result = dev.spendline.bench.ask.InterpretBench.run(corpora, 20, rounds);
            var h = result.micros();
            System.out.printf(
                    "%,d questions, %,d timed readings: p50 %.3f ms  p95 %.3f ms  p99 %.3f ms  max %.3f ms%n",
                    result.questions(),
                    result.readings(),
                    h.getValueAtPercentile(50) / 1000.0,
                    h.getValueAtPercentile(95) / 1000.0,
                    h.getValueAtPercentile(99) / 1000.0,
                    h.getMaxValue() / 1000.0);
            System.out.println("slowest to read (median of the rounds):");
            result.slowest().forEach(q -> System.out.printf("  %7.3f ms  %s%n", q.getValue() / 1000.0, q.getKey()));
            return 0;
        }
    }

    @Command(
            name = "queries",
            mixinStandardHelpOptions = true,
            description = "Time each read against a running Spendline (p50 / p95 / p99, one request at a time).")
    static final class Queries implements Callable<Integer> {
        @Mixin
        ReadTarget target;

        @Override
        public Integer call() throws Exception {
            var results = dev.spendline.bench.run.QueryBench.run(
                    new dev.spendline.bench.load.ReportClient(target.url, target.key), 20, target.samples);
            dev.spendline.bench.run.RequestLatencies.print(results);
            return 0;
        }
    }

    @Command(
            name = "views",
            mixinStandardHelpOptions = true,
            description = "Time every dashboard view as a signed-in browser asks for it (the whole rendered page),"
                    + " one request at a time after a warm-up. Signs in with --email and --password, or first"
                    + " claims the workspace with --setup-link (bin/spendline-local setup-link prints one).")
    static final class Views implements Callable<Integer> {
        @Option(
                names = "--url",
                defaultValue = "http://127.0.0.1:8080",
                description = "Base URL (default: ${DEFAULT-VALUE}).")
        URI url;

        @Option(names = "--setup-link", description = "A one-time setup link: the account is created with it.")
        String setupLink;

        @Option(names = "--email", defaultValue = "bench@example.com", description = "(default: ${DEFAULT-VALUE})")
        String email;

        @Option(names = "--password", defaultValue = "bench password 123", description = "(default: ${DEFAULT-VALUE})")
        String password;

        @Option(
                names = "--samples",
                defaultValue = "100",
                description = "Timed requests per view (default: ${DEFAULT-VALUE}).")
        int samples;

        @Override
        public Integer call() throws Exception {
            var results = dev.spendline.bench.run.ViewBench.signedIn(url, setupLink, email, password)
                    .run(10, samples);
            dev.spendline.bench.run.RequestLatencies.print(results);
            return 0;
        }
    }

    @Command(
            name = "mcp",
            mixinStandardHelpOptions = true,
            description = "Time MCP calls (tools/list, tools/call of read tools) at /api/mcp with an API key,"
                    + " one request at a time after a warm-up.")
    static final class Mcp implements Callable<Integer> {
        @Mixin
        ReadTarget target;

        @Override
        public Integer call() throws Exception {
            var results = new dev.spendline.bench.run.McpBench(target.url, target.key).run(20, target.samples);
            dev.spendline.bench.run.RequestLatencies.print(results);
            return 0;
        }
    }

    @Command(
            name = "client",
            mixinStandardHelpOptions = true,
            description = "Send events through the Java client (spendline-client) to a running Spendline: the"
                    + " caller's cost per send() call (mean and percentiles) and the events/s one client delivers.")
    static final class Client implements Callable<Integer> {
        @Option(
                names = "--url",
                defaultValue = "http://127.0.0.1:8080",
                description = "Base URL (default: ${DEFAULT-VALUE}).")
        URI url;

        @Option(names = "--key", required = true, description = "API key of the workspace to send to.")
        String key;

        @Option(names = "--events", defaultValue = "200000", description = "Timed events (default: ${DEFAULT-VALUE}).")
        int events;

        @Option(
                names = "--warmup",
                defaultValue = "50000",
                description = "Events sent and delivered first (default: ${DEFAULT-VALUE}).")
        int warmup;

        @Option(
                names = "--batch",
                defaultValue = "500",
                description = "The client's batchSize (default: ${DEFAULT-VALUE}).")
        int batch;

        @Option(
                names = "--linger",
                defaultValue = "PT0.2S",
                description = "The client's linger, ISO-8601 (default: ${DEFAULT-VALUE}).")
        Duration linger;

        @Override
        public Integer call() throws Exception {
            if (events < 1 || warmup < 0 || batch < 1 || batch > 1_000) {
                System.err.println("--events must be at least 1, --warmup at least 0, --batch 1..1000");
                return 2;
            }
            dev.spendline.bench.run.ClientBench.print(
                    new dev.spendline.bench.run.ClientBench(url, key, batch, linger).run(warmup, events));
            return 0;
        }
    }

    @Command(
            name = "streams",
            mixinStandardHelpOptions = true,
            description =
                    "Run one topology (bare count or Spendline's) over spendline.events.v1 from the start and print"
                            + " its rate; for profiling.")
    static final class Streams implements Callable<Integer> {
        @Option(names = "--bootstrap-servers", required = true, description = "Kafka to read from.")
        String bootstrap;

        @Option(
                names = "--standalone-data-dir",
                description = "The data directory of the standalone whose embedded broker this is: its"
                        + " credentials are read from there.")
        Path standaloneDataDir;

        @Option(
                names = "--topology",
                defaultValue = "spendline",
                description = "spendline or bare (default: ${DEFAULT-VALUE}).")
        String topology;

        @Option(names = "--guarantee", defaultValue = "exactly_once_v2", description = "(default: ${DEFAULT-VALUE})")
        String guarantee;

        @Option(
                names = "--state-dir",
                defaultValue = "target/streams-bench",
                description = "(default: ${DEFAULT-VALUE})")
        Path stateDir;

        @Override
        public Integer call() throws Exception {
            if (standaloneDataDir != null) {
                BenchKafka.registerStandalone(bootstrap, standaloneDataDir);
            }
            var result = dev.spendline.bench.run.StreamsBench.runStandalone(bootstrap, topology, guarantee, stateDir);
            System.out.printf(
                    "%s: %,d records in %.1f s = %,.0f records/s%n",
                    topology, result.records(), result.elapsed().toNanos() / 1e9, result.perSecond());
            return 0;
        }
    }

    @Command(
            name = "cluster",
            mixinStandardHelpOptions = true,
            description = {
                "Scale-out figures on a 3-node Kafka cluster (processes on this machine): events/s of 2"
                        + " streams-app instances vs 1 over the same input in one run, and the latency of a read"
                        + " answered locally vs routed to the instance that owns the workspace.",
                "Needs the streams-app jar (streams-app/target/streams-app-*-exec.jar after ./mvnw package)."
            })
    static final class Cluster implements Callable<Integer> {
        @Option(names = "--streams-jar", required = true, description = "The packaged streams-app service.")
        Path streamsJar;

        @Option(names = "--events", defaultValue = "300000", description = "Input events (default: ${DEFAULT-VALUE}).")
        long events;

        @Option(names = "--workspaces", defaultValue = "200", description = "(default: ${DEFAULT-VALUE})")
        int workspaces;

        @Option(names = "--partitions", defaultValue = "12", description = "(default: ${DEFAULT-VALUE})")
        int partitions;

        @Option(
                names = "--query-samples",
                defaultValue = "10",
                description = "Reads per workspace for the latency figure (default: ${DEFAULT-VALUE}).")
        int querySamples;

        @Option(
                names = "--work-dir",
                defaultValue = "target/cluster-bench",
                description = "Kafka logs, state and service logs (default: ${DEFAULT-VALUE}).")
        Path workDir;

        @Option(
                names = "--service-heap",
                defaultValue = "1g",
                description = "-Xmx of each streams-app instance (default: ${DEFAULT-VALUE}).")
        String heap;

        @Override
        public Integer call() throws Exception {
            String self = System.getProperty("java.class.path");
            LocalCluster.Jars jars = self.endsWith(".jar") && !self.contains(java.io.File.pathSeparator)
                    ? new LocalCluster.Jars(null, streamsJar, null, args -> {
                        List<String> command = new ArrayList<>(
                                List.of(JavaProcess.javaBinary(), "-Xmx384m", "-jar", self, "kafka-node"));
                        command.addAll(args);
                        return command;
                    })
                    : LocalCluster.Jars.withKafkaFromClasspath(null, streamsJar, null, self);
            ScaleOutBench.run(
                    new ScaleOutBench.Settings(
                            events,
                            workspaces,
                            partitions,
                            querySamples,
                            workDir.toAbsolutePath(),
                            jars,
                            List.of("-Xmx" + heap, "-XX:+UseParallelGC")),
                    System.out);
            return 0;
        }
    }

    /** One node of a Kafka cluster, for {@code cluster}: the bench jar runs its own brokers. */
    @Command(name = "kafka-node", hidden = true, description = "Runs one Kafka node (used by cluster).")
    static final class KafkaNode implements Callable<Integer> {
        @picocli.CommandLine.Parameters
        List<String> args;

        @Override
        public Integer call() throws Exception {
            dev.spendline.kafka.embedded.KafkaNodeMain.main(args.toArray(String[]::new));
            return 0;
        }
    }

    @Command(
            name = "profile",
            mixinStandardHelpOptions = true,
            description = {
                "The topology's short profile: a broker of its own, a fixed input (the seeded mix, fixed times),"
                        + " then the bare groupByKey().count() and Spendline's topology over it, exactly-once;"
                        + " prints both rates and the changelog records and bytes per input event of every store.",
                "Compare two commits by running each one's jar with the same options; add"
                        + " -XX:StartFlightRecording=filename=profile.jfr,settings=profile to the java command"
                        + " and summarise with jfr-top."
            })
    static final class Profile implements Callable<Integer> {
        @Option(names = "--events", defaultValue = "400000", description = "Input events (default: ${DEFAULT-VALUE}).")
        long events;

        @Option(
                names = "--spread",
                defaultValue = "P30D",
                description = "Event times spread over this much before 2026-11-01 (default: ${DEFAULT-VALUE}).")
        Duration spread;

        @Option(names = "--workspaces", defaultValue = "1", description = "(default: ${DEFAULT-VALUE})")
        int workspaces;

        @Option(names = "--partitions", defaultValue = "4", description = "(default: ${DEFAULT-VALUE})")
        int partitions;

        @Option(names = "--seed", defaultValue = "7", description = "(default: ${DEFAULT-VALUE})")
        long seed;

        @Option(
                names = "--topology",
                defaultValue = "spendline",
                description = "spendline, or dedupe for the dedupe stage alone (default: ${DEFAULT-VALUE}).")
        String topology;

        @Option(
                names = "--restore",
                description = "Then lose the topology's state directory and time its restore from the changelogs.")
        boolean restore;

        @Option(
                names = "--work-dir",
                description = "Broker log and state; a new temporary directory if not given, removed at the end.")
        Path workDir;

        @Option(
                names = "--passes",
                defaultValue = "1",
                description = "Run both topologies this many times over the same input, each pass a new"
                        + " application with empty state; the first pass includes the JIT's warm-up, the last"
                        + " is warm (default: ${DEFAULT-VALUE}).")
        int passes;

        @Option(
                names = "--cost-unknown",
                description = "Send every event with costUsd 0, as OpenTelemetry spans without a cost are:"
                        + " the topology prices each from its price book (docs/pricing.md).")
        boolean costUnknown;

        @Override
        public Integer call() throws Exception {
            Path dir = workDir != null ? workDir : java.nio.file.Files.createTempDirectory("spendline-profile-");
            try {
                dev.spendline.bench.profile.ProfileBench.run(
                        new dev.spendline.bench.profile.ProfileBench.Settings(
                                events,
                                partitions,
                                workspaces,
                                spread,
                                seed,
                                dir,
                                topology,
                                restore,
                                passes,
                                !costUnknown),
                        System.out);
            } finally {
                if (workDir == null) {
                    org.apache.kafka.common.utils.Utils.delete(dir.toFile());
                }
            }
            return 0;
        }
    }

    @Command(
            name = "jfr-top",
            mixinStandardHelpOptions = true,
            description = "Where a JFR recording's CPU samples are: by area, by method (self), by Spendline method"
                    + " (inclusive), as Markdown tables.")
    static final class JfrTopCommand implements Callable<Integer> {
        @CommandLine.Parameters(index = "0", description = "The .jfr file.")
        Path recording;

        @Option(
                names = "--thread",
                defaultValue = "profile-spendline",
                description = "Only threads whose name starts with this (default: ${DEFAULT-VALUE}, the"
                        + " stream thread of the profile's Spendline run).")
        String thread;

        @Option(names = "--rows", defaultValue = "15", description = "(default: ${DEFAULT-VALUE})")
        int rows;

        @Override
        public Integer call() throws Exception {
            dev.spendline.bench.profile.JfrTop.print(recording, thread, rows, System.out);
            return 0;
        }
    }
}
