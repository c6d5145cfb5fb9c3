package dev.spendline.bench.fault;

import static dev.spendline.bench.fault.FaultTestSupport.STANDALONE_READY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.load.ReportClient;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.kafka.embedded.KafkaNodeMain;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SIGKILL the Kafka broker under load, keep it down for 12 seconds, start it again: Spendline
 * answers 503 meanwhile (never a false 202), recovers by itself, and counts exactly what it
 * acknowledged.
 */
class BrokerRestartIT {

    @Test
    void aBrokerCrashUnderLoadLosesNothingAndCountsNothingTwice() throws Exception {
        Path dir = Files.createTempDirectory("spendline-fault-broker");
        int kafkaPort = FreePorts.loopback();
        int port = FreePorts.loopback();
        try (JavaProcess broker = JavaProcess.mainClass(
                        "broker-restart",
                        System.getProperty("java.class.path"),
                        KafkaNodeMain.class.getName(),
                        List.of("-Xmx512m"),
                        List.of(dir.resolve("kafka").toString(), String.valueOf(kafkaPort)),
                        FaultTestSupport.logDir());
                JavaProcess standalone = FaultTestSupport.standalone(
                        "standalone-broker-restart", dir.resolve("data"), port, "127.0.0.1:" + kafkaPort)) {
            broker.start(KafkaNodeMain.READY, Duration.ofSeconds(60));
            standalone.start(STANDALONE_READY, Duration.ofSeconds(90));
            String key = FaultTestSupport.printedKey(standalone);
            URI base = URI.create("http://127.0.0.1:" + port);

            Ledger ledger = new Ledger();
            LoadGenerator generator = new LoadGenerator(FaultTestSupport.load(base, key, "broker-restart"), ledger);
            LoadGenerator.Result result = FaultTestSupport.underLoad(generator, ledger, "broker SIGKILL", () -> {
                assertThat(broker.kill()).as("exit code of SIGKILL").isEqualTo(137);
                // Longer than the gateway's produce timeout (10 s): requests get 503 and are resent,
                // and some of them still reach Kafka late from the producer's buffer.
                FaultTestSupport.sleep(Duration.ofSeconds(12));
                broker.start(KafkaNodeMain.READY, Duration.ofSeconds(60));
            });
            assertThat(result.answers())
                    .as("the gateway said 503 while the broker was down")
                    .containsKey("503");
            assertThat(standalone.isAlive()).isTrue();

            FaultTestSupport.assertQueriesMatch(ledger, new ReportClient(base, key)::byTenant, Duration.ofSeconds(120));
        }
    }
}
