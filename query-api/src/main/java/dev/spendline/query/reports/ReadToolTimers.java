package dev.spendline.query.reports;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/** The one latency metric of the read tools ({@code spendline.query.latency}, tagged by tool). */
final class ReadToolTimers {

    private ReadToolTimers() {}

    static Timer timer(MeterRegistry registry, String tool) {
        return Timer.builder("spendline.query.latency")
                .description("Time to answer a read tool")
                .tag("tool", tool)
                .publishPercentiles(0.5, 0.95, 0.99)
                .register(registry);
    }
}
