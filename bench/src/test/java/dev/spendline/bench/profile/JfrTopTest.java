package dev.spendline.bench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real recording of a thread that only hashes: it must show up as that thread's top method. */
class JfrTopTest {

    @TempDir
    Path dir;

    @Test
    void namesTheMethodAThreadSpendsItsSamplesIn() throws Exception {
        Path file = dir.resolve("busy.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            Thread busy = new Thread(JfrTopTest::spin, "jfr-top-test-busy");
            busy.start();
            busy.join();
            recording.stop();
            recording.dump(file);
        }
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        JfrTop.print(file, "jfr-top-test-busy", 5, new PrintStream(printed, true, StandardCharsets.UTF_8));

        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(out).containsPattern("[1-9][0-9,]* samples of threads named jfr-top-test-busy\\*");
        assertThat(out).contains("| area (top frame) |").contains("JfrTopTest.spin");
    }

    static long sink;

    private static void spin() {
        long end = System.nanoTime() + Duration.ofMillis(800).toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 31 + i;
            }
        }
        sink = x;
    }
}
