package dev.spendline.bench.fault;

import static dev.spendline.bench.fault.FaultTestSupport.STANDALONE_READY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.load.ReportClient;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.kafka.embedded.FreePorts;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * SIGKILL the whole standalone process (broker, gateway, streams, queries) under load and start it
 * again on the same data directory: the reports show exactly what was acknowledged.
 */
class StandaloneKillIT {

    @Test
    void sigkillUnderLoadLosesNothingAndCountsNothingTwice() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-fault-standalone");
        int port = FreePorts.loopback();
        try (JavaProcess standalone = FaultTestSupport.standalone("standalone-kill", dataDir, port, null)) {
            standalone.start(STANDALONE_READY, Duration.ofSeconds(90));
            String key = FaultTestSupport.printedKey(standalone);
            URI base = URI.create("http://127.0.0.1:" + port);

            Ledger ledger = new Ledger();
            LoadGenerator generator = new LoadGenerator(FaultTestSupport.load(base, key, "kill-standalone"), ledger);
            LoadGenerator.Result result = FaultTestSupport.underLoad(generator, ledger, "standalone SIGKILL", () -> {
                assertThat(standalone.kill()).as("exit code of SIGKILL").isEqualTo(137);
                standalone.start(STANDALONE_READY, Duration.ofSeconds(90));
            });
            assertThat(result.retries())
                    .as("requests the kill cut off, sent again")
                    .isPositive();

            FaultTestSupport.assertQueriesMatch(ledger, new ReportClient(base, key)::byTenant, Duration.ofSeconds(120));
        }
    }
}
