package dev.spendline.gateway.otlp;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/** Builders of OTLP exports for tests: spans with attributes, as an instrumentation writes them. */
public final class OtlpSpans {

    public static final String TRACE_ID = "5b8efff798038103d269b633813fc60c";
    public static final Instant START = Instant.parse("2026-11-20T10:00:00Z");

    private OtlpSpans() {}

    public static KeyValue attr(String key, String value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setStringValue(value))
                .build();
    }

    public static KeyValue attr(String key, long value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setIntValue(value))
                .build();
    }

    public static KeyValue attr(String key, double value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setDoubleValue(value))
                .build();
    }

    /** A span of the given id (16 hex digits) lasting 1.5 s from {@link #START}. */
    public static Span.Builder span(String spanIdHex, KeyValue... attributes) {
        long start = START.getEpochSecond() * 1_000_000_000L;
        return Span.newBuilder()
                .setTraceId(ByteString.copyFrom(HexFormat.of().parseHex(TRACE_ID)))
                .setSpanId(ByteString.copyFrom(HexFormat.of().parseHex(spanIdHex)))
                .setName("chat gpt-4o")
                .setKind(Span.SpanKind.SPAN_KIND_CLIENT)
                .setStartTimeUnixNano(start)
                .setEndTimeUnixNano(start + 1_500_000_000L)
                .addAllAttributes(List.of(attributes));
    }

    /** The current conventions' attributes of an OpenAI chat call. */
    public static Span.Builder chat(String spanIdHex, long input, long output) {
        return span(
                spanIdHex,
                attr("gen_ai.operation.name", "chat"),
                attr("gen_ai.provider.name", "openai"),
                attr("gen_ai.request.model", "gpt-4o"),
                attr("gen_ai.response.model", "gpt-4o-2024-08-06"),
                attr("gen_ai.usage.input_tokens", input),
                attr("gen_ai.usage.output_tokens", output));
    }

    public static ExportTraceServiceRequest export(List<KeyValue> resource, Span.Builder... spans) {
        ScopeSpans.Builder scope = ScopeSpans.newBuilder();
        for (Span.Builder span : spans) {
            scope.addSpans(span);
        }
        return ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder().addAllAttributes(resource))
                        .addScopeSpans(scope))
                .build();
    }

    public static ExportTraceServiceRequest export(Span.Builder... spans) {
        return export(List.of(attr("service.name", "checkout")), spans);
    }
}
