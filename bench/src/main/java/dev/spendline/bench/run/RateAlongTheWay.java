package dev.spendline.bench.run;

import java.util.ArrayList;
import java.util.List;

/**
 * The topology's rate early and late in a backlog, from the consumer lag sampled while it catches
 * up: the rate over the first tenth of the backlog against the rate over the last tenth, when the
 * state holds (nearly) every event. This is the "rate as state grows" figure: a topology whose
 * stores slow down as they fill shows a late rate well below its early one.
 */
final class RateAlongTheWay {

    private record Sample(long nanos, long processed) {}

    private final long before;
    private final long backlog;
    private final List<Sample> samples = new ArrayList<>();

    /**
     * @param before events already in the topic (and in state) before the backlog
     * @param backlog events of the backlog, all produced before the first sample
     */
    RateAlongTheWay(long before, long backlog) {
        this.before = before;
        this.backlog = backlog;
    }

    /** One lag sample; the backlog is fully produced, so processed = backlog − lag. */
    void lag(long lag) {
        samples.add(new Sample(System.nanoTime(), Math.max(0, backlog - lag)));
    }

    void report(ResultTable table) {
        if (samples.size() < 10 || backlog < 100_000) {
            table.note("too few lag samples to tell the topology's rate early and late in the backlog");
            return;
        }
        long tenth = backlog / 10;
        Sample first = samples.get(0);
        double early = rate(first.processed(), first.processed() + tenth);
        double late = rate(backlog - tenth, backlog - 100);
        table.row(
                String.format(
                        "topology rate as state grows: first tenth of the backlog (%,d → %,d events in state) vs last"
                                + " tenth (%,d → %,d)",
                        before + first.processed(),
                        before + first.processed() + tenth,
                        before + backlog - tenth,
                        before + backlog),
                String.format("%,.0f /s early, %,.0f /s late", early, late),
                String.format("%.2f", late / early),
                "late ≥ 0.8 of early");
    }

    /** Events per second between the samples where {@code from} and {@code to} were reached. */
    private double rate(long from, long to) {
        Sample start = firstReaching(from);
        Sample end = firstReaching(to);
        if (start == null || end == null || end.nanos() <= start.nanos()) {
            return Double.NaN;
        }
        return (end.processed() - start.processed()) / ((end.nanos() - start.nanos()) / 1e9);
    }

    private Sample firstReaching(long processed) {
        for (Sample s : samples) {
            if (s.processed() >= processed) {
                return s;
            }
        }
        return null;
    }
}
