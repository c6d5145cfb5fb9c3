package dev.spendline.bench.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Collects the figures of one run and renders them as one Markdown table plus notes. */
final class ResultTable {

    private final List<String> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    void throughput(String what, double perSecond, Double ratio, String goal) {
        rows.add(String.format(
                "| %s | %,.0f /s | %s | %s |",
                what,
                perSecond,
                ratio == null ? "(reference)" : String.format("%.2f", ratio),
                goal == null ? "" : goal));
    }

    void latency(String what, double p50, Double p95, double p99, String goal) {
        rows.add(String.format(
                "| %s | p50 %.1f ms%s, p99 %.1f ms | | %s |",
                what, p50, p95 == null ? "" : String.format(", p95 %.1f ms", p95), p99, goal));
    }

    void memory(ProcessMemory.Snapshot m, String jvmOptions) {
        rows.add(String.format(
                "| standalone memory at the end (%s) | heap used %,d MiB (live after full GC %,d MiB, committed %,d"
                        + " MiB), RSS %,d MiB | | heap ≤ 1,024 MiB |",
                jvmOptions, m.heapUsed(), m.heapLive(), m.heapCommitted(), m.rss()));
    }

    void note(String note) {
        notes.add(note);
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
