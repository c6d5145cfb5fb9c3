package dev.spendline.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Heap and resident memory of another JVM, read with {@code jcmd} and from {@code /proc}. */
final class ProcessMemory {

    /** Sizes in MiB; {@code heapLive} is the heap in use right after a full GC. */
    record Snapshot(long rss, long heapUsed, long heapCommitted, long heapLive) {}

    private static final Pattern GENERATION = Pattern.compile("total (\\d+)K, used (\\d+)K");

    private ProcessMemory() {}

    static Snapshot of(long pid) throws IOException, InterruptedException {
        long rss = 0;
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = Long.parseLong(line.replaceAll("\\D", "")) / 1024;
            }
        }
        long[] before = heap(pid);
        jcmd(pid, "GC.run");
        long[] after = heap(pid);
        return new Snapshot(rss, before[1] / 1024, before[0] / 1024, after[1] / 1024);
    }

    /** {committed, used} in KiB, summed over the generations {@code GC.heap_info} lists. */
    private static long[] heap(long pid) throws IOException, InterruptedException {
        Matcher m = GENERATION.matcher(jcmd(pid, "GC.heap_info"));
        long total = 0;
        long used = 0;
        while (m.find()) {
            total += Long.parseLong(m.group(1));
            used += Long.parseLong(m.group(2));
        }
        return new long[] {total, used};
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), command)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }
}
