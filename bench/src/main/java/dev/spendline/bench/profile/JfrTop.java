package dev.spendline.bench.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a recording's CPU samples are, in three tables: by area (the top frame's library: RocksDB,
 * JSON, compression, Kafka, Spendline, JDK), by method (self), and by Spendline method (inclusive:
 * a sample counts for every Spendline method on its stack, once). Java and native samples
 * ({@code jdk.ExecutionSample}, {@code jdk.NativeMethodSample}) of one thread name prefix only, the
 * stream thread by default, so the broker and the producer in the same process are left out.
 *
 * <p>Written here because JDK 17's {@code jfr} tool prints events but does not aggregate them
 * ({@code jfr view} came with JDK 21).
 */
public final class JfrTop {

    private JfrTop() {}

    public static void print(Path recording, String threadPrefix, int rows, PrintStream out) throws IOException {
        Map<String, Integer> areas = new HashMap<>();
        Map<String, Integer> self = new HashMap<>();
        Map<String, Integer> inclusive = new HashMap<>();
        int total = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            String type = event.getEventType().getName();
            if (!type.equals("jdk.ExecutionSample") && !type.equals("jdk.NativeMethodSample")) {
                continue;
            }
            var thread = event.getThread("sampledThread");
            if (thread == null
                    || thread.getJavaName() == null
                    || !thread.getJavaName().startsWith(threadPrefix)) {
                continue;
            }
            RecordedStackTrace stack = event.getStackTrace();
            if (stack == null || stack.getFrames().isEmpty()) {
                continue;
            }
            total++;
            List<RecordedFrame> frames = stack.getFrames();
            String top = name(frames.get(0));
            self.merge(top, 1, Integer::sum);
            areas.merge(area(frames), 1, Integer::sum);
            Set<String> seen = new HashSet<>();
            for (RecordedFrame frame : frames) {
                String method = name(frame);
                if (method.startsWith("dev.spendline.") && seen.add(method)) {
                    inclusive.merge(method, 1, Integer::sum);
                }
            }
        }
        out.printf("%,d samples of threads named %s*%n", total, threadPrefix);
        table(out, "area (top frame)", areas, total, rows);
        table(out, "method (self)", self, total, rows);
        table(out, "Spendline method (inclusive)", inclusive, total, rows);
    }

    private static void table(PrintStream out, String title, Map<String, Integer> counts, int total, int rows) {
        out.println();
        out.println("| " + title + " | share of samples |");
        out.println("|---|---|");
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(rows)
                .forEach(
                        e -> out.printf("| `%s` | %.1f %% |%n", e.getKey(), 100.0 * e.getValue() / Math.max(1, total)));
    }

    private static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    /** The library the sample is in: the first frame that is not the JDK's, or the JDK. */
    static String area(List<RecordedFrame> frames) {
        for (RecordedFrame frame : frames) {
            String type = frame.getMethod().getType().getName();
            if (type.startsWith("org.rocksdb.")) {
                return "RocksDB";
            }
            if (type.startsWith("tools.jackson.") || type.startsWith("com.fasterxml.jackson.")) {
                return "JSON (Jackson)";
            }
            if (type.startsWith("net.jpountz.") || type.startsWith("org.apache.kafka.common.compress.")) {
                return "compression (lz4)";
            }
            if (type.startsWith("dev.spendline.")) {
                return "Spendline";
            }
            if (type.startsWith("org.apache.kafka.streams.state.")) {
                return "Kafka Streams state stores";
            }
            if (type.startsWith("org.apache.kafka.clients.") || type.startsWith("org.apache.kafka.common.")) {
                return "Kafka clients";
            }
            if (type.startsWith("org.apache.kafka.streams.")) {
                return "Kafka Streams runtime";
            }
        }
        return "JDK";
    }
}
