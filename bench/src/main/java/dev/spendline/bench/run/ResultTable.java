package dev.spendline.bench.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the figures of one run and renders them as one Markdown table plus notes. Every figure
 * is also written at once to {@code partialFile}, so a run that fails late keeps what it measured.
 */
final class ResultTable {

    private final List<String> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final java.nio.file.Path partialFile;

    ResultTable(java.nio.file.Path partialFile) {
        this.partialFile = partialFile;
    }

    private void save() {
        try {
            java.nio.file.Files.writeString(partialFile, render(Instant.now(), null));
        } catch (java.io.IOException e) {
            System.err.println("Cannot write " + partialFile + ": " + e);
        }
    }

    void throughput(String what, double perSecond, Double ratio, String goal) {
        rows.add(String.format(
                "| %s | %,.0f /s | %s | %s |",
                what,
                perSecond,
                ratio == null ? "(reference)" : String.format("%.2f", ratio),
                goal == null ? "" : goal));
        save();
    }

    void latency(String what, double p50, Double p95, double p99, String goal) {
        rows.add(String.format(
                "| %s | p50 %.1f ms%s, p99 %.1f ms | | %s |",
                what, p50, p95 == null ? "" : String.format(", p95 %.1f ms", p95), p99, goal));
        save();
    }

    void memory(ProcessMemory.Snapshot m, String jvmOptions) {
        rows.add(String.format(
                "| standalone memory at the end (%s) | heap used %,d MiB (live after full GC %,d MiB, committed %,d"
                        + " MiB), RSS %,d MiB | | heap ≤ 1,024 MiB |",
                jvmOptions, m.heapUsed(), m.heapLive(), m.heapCommitted(), m.rss()));
        save();
    }

    /** A row of any other kind: what, the result as text, a ratio or blank, the goal. */
    void row(String what, String result, String ratio, String goal) {
        rows.add(String.format("| %s | %s | %s | %s |", what, result, ratio, goal));
        save();
    }

    void note(String note) {
        notes.add(note);
        save();
    }

    String render(Instant at, Duration lastCatchUp) {
        StringBuilder out = new StringBuilder();
        out.append("Run finished ").append(at).append('\n').append('\n');
        out.append("| figure | result | ratio | goal |\n|---|---|---|---|\n");
        rows.forEach(r -> out.append(r).append('\n'));
        out.append('\n');
        notes.forEach(n -> out.append("- ").append(n).append('\n'));
        return out.toString();
    }
}
