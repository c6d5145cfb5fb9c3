package dev.spendline.gateway.ingest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/** Accepted and rejected items by kind and reason, and how long Kafka took to acknowledge. */
final class IngestMetrics {

    private final MeterRegistry registry;

    IngestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void accepted(IngestKind<?, ?> kind, int items) {
        Counter.builder("spendline.ingest.accepted")
                .description("Items written to Kafka and acknowledged")
                .tag("kind", kind.name())
                .register(registry)
                .increment(items);
    }

    void rejected(IngestKind<?, ?> kind, String reason) {
        Counter.builder("spendline.ingest.rejected")
                .description("Requests refused, by problem code")
                .tag("kind", kind.name())
                .tag("reason", reason)
                .register(registry)
                .increment();
    }

    void produceLatency(IngestKind<?, ?> kind, Duration latency) {
        Timer.builder("spendline.ingest.produce.latency")
                .description("Time from the first send to Kafka's acknowledgement of the last item")
                .tag("kind", kind.name())
                .publishPercentiles(0.5, 0.99)
                .register(registry)
                .record(latency);
    }
}
