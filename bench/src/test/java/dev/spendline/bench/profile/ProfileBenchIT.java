package dev.spendline.bench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile end to end on a small input: a real broker, both topologies, the per-store table. */
class ProfileBenchIT {

    @TempDir
    Path workDir;

    @Test
    void runsBothTopologiesOverTheSameInputAndCountsEveryStoresWrites() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ProfileBench.Result result = ProfileBench.run(
                new ProfileBench.Settings(3_000, 2, 2, Duration.ofDays(30), 7, workDir, "spendline", true),
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(result.bare().records()).isEqualTo(3_000);
        assertThat(result.spendline().records()).isEqualTo(3_000);
        assertThat(result.spendline().perSecond()).isPositive();
        // Every event changes at least its day rollups: about ten changelog records or more each.
        assertThat(result.perStore().get("product-rollups")[0] / 3_000).isGreaterThan(5);
        assertThat(result.perStore()).containsKeys("dedupe-events", "waste-rollups");
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("of the bare count")
                .contains("| product-rollups |")
                .contains("the stream thread was on a CPU")
                .containsPattern("restored [1-9][0-9,]* changelog records in");
    }
}
