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

    /** The {@code kind} of OTLP/HTTP traces ({@code /v1/traces}), whose items are product events. */
    static final String OTLP_TRACES = "otlp_traces";

    private final Map<String, Counter> otlpSpans = new ConcurrentHashMap<>();

    IngestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void accepted(String kind, int items) {
        accepted.computeIfAbsent(kind, name -> Counter.builder("spendline.ingest.accepted")
                        .description("Items written to Kafka and acknowledged")
                        .tag("kind", name)
                        .register(registry))
                .increment(items);
    }

    void rejected(String kind, String reason) {
        Counter.builder("spendline.ingest.rejected")
                .description("Requests refused, by problem code")
                .tag("kind", kind)
                .tag("reason", reason)
                .register(registry)
                .increment();
    }

    /** The spans of OTLP exports that were read: model calls taken, model calls rejected, other spans ignored. */
    void otlpSpans(int modelCalls, int rejected, int ignored) {
        otlpSpan("model_call", modelCalls);
        otlpSpan("rejected", rejected);
        otlpSpan("ignored", ignored);
    }

    private void otlpSpan(String outcome, int spans) {
        if (spans > 0) {
            otlpSpans
                    .computeIfAbsent(outcome, name -> Counter.builder("spendline.ingest.otlp.spans")
                            .description("Spans of OTLP trace exports, by what became of them")
                            .tag("outcome", name)
                            .register(registry))
                    .increment(spans);
        }
    }

    void produceLatency(String kind, Duration latency) {
        produceLatency
                .computeIfAbsent(kind, name -> Timer.builder("spendline.ingest.produce.latency")
                        .description("Time from the first send to Kafka's acknowledgement of the last item")
                        .tag("kind", name)
                        .publishPercentiles(0.5, 0.99)
                        .register(registry))
                .record(latency);
    }
}
