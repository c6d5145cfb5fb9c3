package dev.spendline.bench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.load.SpendTotals;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every fault test shares: the generator under load with its ledger, the processes, and the
 * final check that the query interface shows exactly what the ledger acknowledged.
 *
 * <p>{@code spendline.fault.seconds} sets the load duration (short in CI, long in the bench);
 * {@code spendline.fault.guarantee} the streams processing guarantee, so that a run with
 * {@code at_least_once} shows the tests can fail.
 */
final class FaultTestSupport {

    static final Duration LOAD = Duration.ofSeconds(Long.getLong("spendline.fault.seconds", 16));
    static final String GUARANTEE = System.getProperty("spendline.fault.guarantee", "exactly_once_v2");
    /**
     * Extra JVM options for every service, to show that a test can fail: e.g. {@code
     * -Dspendline.streams.dedupe-horizon=PT0.001S} turns deduplication off in effect.
     */
    static final String MUTATION = System.getProperty("spendline.fault.service-options", "");

    static final List<String> SERVICE_JVM = serviceJvm();

    private static List<String> serviceJvm() {
        List<String> options = new java.util.ArrayList<>(
                List.of("-Xmx768m", "-XX:+UseParallelGC", "-Dspendline.streams.processing-guarantee=" + GUARANTEE));
        if (!MUTATION.isBlank()) {
            options.addAll(List.of(MUTATION.trim().split("\\s+")));
        }
        return List.copyOf(options);
    }

    private static final Pattern PRINTED_KEY = Pattern.compile("^\\s+(spl_[A-Za-z0-9_-]{40,})$");

    private FaultTestSupport() {}

    static Path jar(String property) {
        Path jar = Path.of(System.getProperty(property, "missing-" + property));
        assertThat(jar)
                .as("packaged jar (%s); run `./mvnw verify` from the root", property)
                .exists();
        return jar;
    }

    static Path logDir() {
        try {
            return Files.createDirectories(Path.of("target", "fault-logs"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The standalone jar on its own data directory, optionally against an external broker. */
    static JavaProcess standalone(String name, Path dataDir, int port, String externalKafka) {
        // A free internal port rather than the default 9080, which another Spendline on the machine may hold.
        List<String> args = externalKafka == null
                ? List.of(
                        "--data-dir",
                        dataDir.toString(),
                        "--port",
                        String.valueOf(port),
                        "--internal-port",
                        String.valueOf(FreePorts.loopback()),
                        "--kafka-port",
                        String.valueOf(FreePorts.loopback()))
                : List.of(
                        "--data-dir",
                        dataDir.toString(),
                        "--port",
                        String.valueOf(port),
                        "--internal-port",
                        String.valueOf(FreePorts.loopback()),
                        "--kafka-bootstrap-servers",
                        externalKafka);
        return JavaProcess.jar(name, jar("spendline.standalone.jar"), SERVICE_JVM, args, logDir());
    }

    static final String STANDALONE_READY = "Stop with Ctrl-C.";

    static String printedKey(JavaProcess standalone) {
        for (String line : standalone.output()) {
            Matcher m = PRINTED_KEY.matcher(line);
            if (m.matches()) {
                return m.group(1);
            }
        }
        throw new AssertionError("No API key printed; see " + standalone.logFile());
    }

    /** A realistic mix at a steady rate, in batches of 20, until stopped. */
    static LoadGenerator.Settings load(URI baseUrl, String key, String tag) {
        return new LoadGenerator.Settings(
                baseUrl,
                key,
                2_000,
                20,
                8,
                Duration.ofMinutes(30),
                tag.hashCode(),
                tag,
                Duration.ofHours(48),
                Duration.ofSeconds(150));
    }

    /**
     * Runs the generator, applies {@code fault} (which returns once the system is back) a third of
     * {@link #LOAD} in, keeps the load on for another third, then stops it and waits for every
     * request to be acknowledged. Checks that the fault hit a system under load.
     */
    static LoadGenerator.Result underLoad(LoadGenerator generator, Ledger ledger, String what, Runnable fault)
            throws Exception {
        CompletableFuture<LoadGenerator.Result> load = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        load.complete(generator.run());
                    } catch (Throwable t) {
                        load.completeExceptionally(t);
                    }
                },
                "load-generator");
        thread.setDaemon(true);
        thread.start();
        // Services that have just started can take seconds for their first answer (the gateway's
        // first quota read waits up to 2 s for a streams-app that is still starting): the fault
        // comes a third of the load after the first acknowledgement, not after a fixed time.
        long firstAckDeadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (ledger.calls() == 0 && System.nanoTime() < firstAckDeadline && !load.isDone()) {
            sleep(Duration.ofMillis(100));
        }
        sleep(LOAD.dividedBy(3));
        long beforeFault = ledger.calls();
        fault.run();
        long afterRecovery = ledger.calls();
        sleep(LOAD.dividedBy(3));
        generator.stop();
        LoadGenerator.Result result = load.get(300, TimeUnit.SECONDS);
        System.out.println(what + ": " + result.summary());
        assertThat(beforeFault).as("events acknowledged before the fault").isPositive();
        assertThat(ledger.calls()).as("events acknowledged after recovery").isGreaterThan(afterRecovery);
        assertThat(result.rejected()).as("requests refused with a 4xx").isZero();
        assertThat(result.gaveUp()).as("requests never acknowledged").isZero();
        return result;
    }

    static void sleep(Duration d) {
        dev.spendline.bench.cluster.LocalCluster.sleep(d);
    }

    /**
     * Polls the query interface until it shows exactly the ledger, then looks again a few seconds
     * later (a double count may arrive late). Fails with the difference.
     */
    static void assertQueriesMatch(Ledger ledger, Supplier<Optional<SpendReport>> report, Duration timeout) {
        SpendTotals expected = SpendTotals.of(ledger);
        long deadline = System.nanoTime() + timeout.toNanos();
        String difference = "no answer";
        while (System.nanoTime() < deadline) {
            Optional<SpendReport> answer = report.get();
            if (answer.isPresent()) {
                difference = SpendTotals.of(answer.get()).differenceFrom(expected);
                if (difference.isEmpty()) {
                    break;
                }
            }
            sleep(Duration.ofMillis(500));
        }
        assertThat(difference)
                .as("query interface vs the ledger of %d acknowledged events", ledger.calls())
                .isEmpty();
        sleep(Duration.ofSeconds(3));
        Optional<SpendReport> later = report.get();
        assertThat(later).isPresent();
        assertThat(SpendTotals.of(later.get()).differenceFrom(expected))
                .as("query interface 3 s after it matched the ledger")
                .isEmpty();
    }
}
