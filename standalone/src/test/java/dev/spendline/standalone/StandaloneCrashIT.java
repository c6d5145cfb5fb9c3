package dev.spendline.standalone;

import static dev.spendline.standalone.SpendlineHttp.batch;
import static dev.spendline.standalone.SpendlineHttp.calls;
import static dev.spendline.standalone.SpendlineHttp.event;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.kafka.embedded.FreePorts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Runs the packaged standalone jar as a separate process, as the README does, and stops it the
 * hard way: after a SIGKILL right behind the last 202, every acknowledged event is counted exactly
 * once — nothing lost, nothing twice, resends included.
 */
class StandaloneCrashIT {

    private static final Pattern KEY = Pattern.compile("^\\s+(spl_[A-Za-z0-9_-]{40,})$");
    private static final BigDecimal COST = new BigDecimal("0.25");

    private final Path jar = Path.of(System.getProperty("spendline.standalone.jar", "target/spendline-standalone.jar"));
    private final List<String> output = new CopyOnWriteArrayList<>();
    private Process process;
    private Thread reader;

    @AfterEach
    void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Starts the jar and waits until it has printed everything it prints at start-up. */
    private void launch(Path dataDir, int port) throws IOException, InterruptedException {
        output.clear();
        process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx768m",
                        "-jar",
                        jar.toString(),
                        "--data-dir",
                        dataDir.toString(),
                        "--port",
                        String.valueOf(port),
                        // Not the default 9080: another Spendline on this machine (a benchmark, a
                        // developer's own) must not make this test fail.
                        "--internal-port",
                        String.valueOf(FreePorts.loopback()))
                .redirectErrorStream(true)
                .start();
        reader = new Thread(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    output.add(line);
                }
            } catch (IOException e) {
                // The process went away; the test notices through its own checks.
            }
        });
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        // The last line printed at start-up, after the address and (on first start) the key.
        while (output.stream().noneMatch(l -> l.startsWith("Stop with Ctrl-C."))) {
            assertThat(process.isAlive()).as("standalone exited: %s", output).isTrue();
            assertThat(System.nanoTime())
                    .as("standalone did not start: %s", output)
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private String printedKey() {
        for (String line : output) {
            Matcher m = KEY.matcher(line);
            if (m.matches()) {
                return m.group(1);
            }
        }
        throw new AssertionError("No API key printed: " + output);
    }

    @Test
    void everyAcknowledgedEventCountsExactlyOnceAcrossACleanRestartAndASigkill() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-crash");
        int port = FreePorts.loopback();
        launch(dataDir, port);
        String key = printedKey();
        SpendlineHttp http = new SpendlineHttp("http://127.0.0.1:" + port);

        Set<String> acknowledgedIds = new LinkedHashSet<>();
        long[] anonymous = {0};
        sendRound(http, key, "a", acknowledgedIds, anonymous);

        // A clean stop (SIGTERM → shutdown hook) and restart, then resend what was acknowledged.
        // ProcessHandle sends the same SIGTERM but, unlike Process.destroy(), keeps reading its output.
        process.toHandle().destroy();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("clean shutdown").isTrue();
        reader.join(5_000);
        assertThat(process.exitValue())
                .as("exit code after SIGTERM: %s", output)
                .isIn(0, 143);
        assertThat(output).as("exit %d", process.exitValue()).anyMatch(l -> l.contains("Stopping Spendline"));
        launch(dataDir, port);
        assertThat(output).noneMatch(l -> KEY.matcher(l).matches());
        resend(http, key, acknowledgedIds);
        sendRound(http, key, "b", acknowledgedIds, anonymous);

        // SIGKILL straight behind the last 202: Kafka has the events, Streams may not have committed.
        process.toHandle().destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("killed by SIGKILL").isEqualTo(137);
        launch(dataDir, port);
        resend(http, key, acknowledgedIds);

        long expectedCalls = acknowledgedIds.size() + anonymous[0];
        JsonNode report = http.awaitReport(key, Duration.ofSeconds(60), r -> calls(r) >= expectedCalls);
        SpendlineHttp.sleep(2_000);
        report = http.report(key).body();
        assertThat(calls(report)).isEqualTo(expectedCalls);
        assertThat(report.get("totals").get("costUsd").decimalValue())
                .isEqualByComparingTo(COST.multiply(BigDecimal.valueOf(expectedCalls)));
    }

    /** 20 batches of 50: 40 with identities (some repeated across batches), 10 anonymous. */
    private static void sendRound(
            SpendlineHttp http, String key, String round, Set<String> acknowledgedIds, long[] anonymous) {
        for (int b = 0; b < 20; b++) {
            List<String> events = new ArrayList<>();
            Set<String> ids = new LinkedHashSet<>();
            for (int i = 0; i < 40; i++) {
                // Every other batch repeats half of the previous batch's identities.
                int n = (b % 2 == 1 && i < 20) ? (b - 1) * 40 + i : b * 40 + i;
                String id = round + "-" + n;
                ids.add(id);
                events.add(event(id, "f" + (n % 5), COST.toPlainString()));
            }
            for (int i = 0; i < 10; i++) {
                events.add(event(null, "anonymous", COST.toPlainString()));
            }
            SpendlineHttp.Response response = http.post("/api/v1/events", key, batch(events));
            assertThat(response.status())
                    .as("batch %s/%d: %s", round, b, response.raw().body())
                    .isEqualTo(202);
            acknowledgedIds.addAll(ids);
            anonymous[0] += 10;
        }
    }

    private static void resend(SpendlineHttp http, String key, Set<String> ids) {
        List<String> all = new ArrayList<>(ids);
        for (int from = 0; from < all.size(); from += 500) {
            List<String> events = all.subList(from, Math.min(all.size(), from + 500)).stream()
                    .map(id -> event(id, "resent", COST.toPlainString()))
                    .toList();
            assertThat(http.post("/api/v1/events", key, batch(events)).status()).isEqualTo(202);
        }
    }
}
