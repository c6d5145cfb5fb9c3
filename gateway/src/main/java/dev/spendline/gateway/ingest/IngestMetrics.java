package dev.spendline.gateway.ingest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Accepted and rejected items by kind and reason, and how long Kafka took to acknowledge. */
final class IngestMetrics {

    private final MeterRegistry registry;
    /** The per-request meters, registered once per kind: building a meter's id each time costs a sort and a lookup. */
    private final Map<String, Counter> accepted = new ConcurrentHashMap<>();

    private final Map<String, Timer> produceLatency = new ConcurrentHashMap<>();

    IngestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void accepted(IngestKind<?, ?> kind, int items) {
        accepted.computeIfAbsent(kind.name(), name -> Counter.builder("spendline.ingest.accepted")
                        .description("Items written to Kafka and acknowledged")
                        .tag("kind", name)
                        .register(registry))
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
        produceLatency
                .computeIfAbsent(kind.name(), name -> Timer.builder("spendline.ingest.produce.latency")
                        .description("Time from the first send to Kafka's acknowledgement of the last item")
                        .tag("kind", name)
                        .publishPercentiles(0.5, 0.99)
                        .register(registry))
                .record(latency);
    }
}
