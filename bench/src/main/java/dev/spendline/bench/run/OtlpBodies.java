package dev.spendline.bench.run;

import com.google.protobuf.ByteString;
import dev.spendline.bench.load.MixEvent;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * OTLP trace exports ({@code POST /v1/traces}) carrying the same events as the bench's event mix, one
 * GenAI span per event with every attribute docs/opentelemetry.md maps (so the gateway reads, maps
 * and validates as much per span as {@code /api/v1/events} does per event), in protobuf and in
 * OTLP/JSON.
 *
 * <p>Each span's trace id starts with {@link #ID_MARK} (8 bytes in protobuf; twice, 16 hex digits, in
 * JSON): the wrk script replaces every mark with the request's number in 8 hex digits, so no two
 * requests repeat a span identity, and the protobuf's lengths stay right because the replacement has
 * the same length.
 */
final class OtlpBodies {

    static final String ID_MARK = "@@@@@@@@";

    private OtlpBodies() {}

    /** One export of {@code events} as protobuf. */
    static byte[] protobuf(List<MixEvent> events, int body) {
        ScopeSpans.Builder scope = ScopeSpans.newBuilder();
        scope.getScopeBuilder().setName("spendline-bench");
        for (int i = 0; i < events.size(); i++) {
            MixEvent e = events.get(i);
            Span.Builder span = Span.newBuilder()
                    .setTraceId(ByteString.copyFrom(traceId(body, i)))
                    .setSpanId(ByteString.copyFrom(spanId(body, i)))
                    .setName("chat " + e.model())
                    .setKind(Span.SpanKind.SPAN_KIND_CLIENT)
                    .setStartTimeUnixNano(nanos(start(e)))
                    .setEndTimeUnixNano(nanos(end(e)));
            for (String[] a : stringAttributes(e)) {
                span.addAttributes(KeyValue.newBuilder()
                        .setKey(a[0])
                        .setValue(AnyValue.newBuilder().setStringValue(a[1])));
            }
            for (Object[] a : longAttributes(e)) {
                span.addAttributes(KeyValue.newBuilder()
                        .setKey((String) a[0])
                        .setValue(AnyValue.newBuilder().setIntValue((Long) a[1])));
            }
            span.addAttributes(KeyValue.newBuilder()
                    .setKey("spendline.cost_usd")
                    .setValue(AnyValue.newBuilder().setDoubleValue(e.costUsd().doubleValue())));
            if ("error".equals(e.status())) {
                span.setStatus(Status.newBuilder().setCode(Status.StatusCode.STATUS_CODE_ERROR));
            }
            scope.addSpans(span);
        }
        return ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder()
                                .addAttributes(KeyValue.newBuilder()
                                        .setKey("service.name")
                                        .setValue(AnyValue.newBuilder().setStringValue("bench"))))
                        .addScopeSpans(scope))
                .build()
                .toByteArray();
    }

    /** The same export in OTLP/JSON: hex ids, int64 as strings, the kind as a number. */
    static String json(List<MixEvent> events, int body) {
        StringBuilder json = new StringBuilder(events.size() * 1_200);
        json.append("{\"resourceSpans\":[{\"resource\":{\"attributes\":[")
                .append("{\"key\":\"service.name\",\"value\":{\"stringValue\":\"bench\"}}]},")
                .append("\"scopeSpans\":[{\"scope\":{\"name\":\"spendline-bench\"},\"spans\":[");
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < events.size(); i++) {
            MixEvent e = events.get(i);
            if (i > 0) {
                json.append(',');
            }
            json.append("{\"traceId\":\"")
                    .append(ID_MARK) // the mark twice: 16 hex digits for the protobuf's 8 bytes
                    .append(ID_MARK)
                    .append(hex.formatHex(traceId(body, i), 8, 16))
                    .append("\",\"spanId\":\"")
                    .append(hex.formatHex(spanId(body, i)))
                    .append("\",\"name\":\"chat ")
                    .append(e.model())
                    .append("\",\"kind\":3,\"startTimeUnixNano\":\"")
                    .append(nanos(start(e)))
                    .append("\",\"endTimeUnixNano\":\"")
                    .append(nanos(end(e)))
                    .append("\",\"attributes\":[");
            for (String[] a : stringAttributes(e)) {
                json.append("{\"key\":\"")
                        .append(a[0])
                        .append("\",\"value\":{\"stringValue\":\"")
                        .append(a[1])
                        .append("\"}},");
            }
            for (Object[] a : longAttributes(e)) {
                json.append("{\"key\":\"")
                        .append(a[0])
                        .append("\",\"value\":{\"intValue\":\"")
                        .append(a[1])
                        .append("\"}},");
            }
            json.append("{\"key\":\"spendline.cost_usd\",\"value\":{\"doubleValue\":")
                    .append(e.costUsd().doubleValue())
                    .append("}}]");
            if ("error".equals(e.status())) {
                json.append(",\"status\":{\"code\":2}");
            }
            json.append('}');
        }
        return json.append("]}]}]}").toString();
    }

    /** {@link #ID_MARK}'s 8 bytes, then the body and the span's index. */
    private static byte[] traceId(int body, int index) {
        byte[] id = new byte[16];
        byte[] mark = ID_MARK.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(mark, 0, id, 0, 8);
        putInt(id, 8, body);
        putInt(id, 12, index + 1);
        return id;
    }

    private static byte[] spanId(int body, int index) {
        byte[] id = new byte[8];
        putInt(id, 0, 0x5b000000 | body);
        putInt(id, 4, index + 1);
        return id;
    }

    private static void putInt(byte[] to, int at, int value) {
        for (int b = 0; b < 4; b++) {
            to[at + b] = (byte) (value >>> (24 - 8 * b));
        }
    }

    /** The span's end: the event's time, or now for an event without one (the gateway's receive time). */
    private static Instant end(MixEvent e) {
        return e.ts() != null ? e.ts() : Instant.now();
    }

    private static Instant start(MixEvent e) {
        return e.latencyMs() == null ? end(e) : end(e).minusMillis(e.latencyMs());
    }

    private static long nanos(Instant at) {
        return at.getEpochSecond() * 1_000_000_000L + at.getNano();
    }

    /** The span attributes docs/opentelemetry.md maps to the event's text fields. */
    private static List<String[]> stringAttributes(MixEvent e) {
        List<String[]> a = new ArrayList<>(12);
        a.add(new String[] {"gen_ai.operation.name", "chat"});
        a.add(new String[] {"gen_ai.provider.name", e.provider()});
        a.add(new String[] {"gen_ai.request.model", e.model()});
        add(a, "spendline.feature", e.feature());
        add(a, "spendline.tenant_id", e.tenantId());
        add(a, "enduser.id", e.userId());
        add(a, "gen_ai.agent.id", e.agentId());
        add(a, "spendline.workflow", e.workflowId());
        add(a, "session.id", e.runId());
        add(a, "spendline.step", e.stepId());
        add(a, "gen_ai.tool.name", e.toolName());
        add(a, "spendline.outcome", e.outcome());
        return a;
    }

    private static List<Object[]> longAttributes(MixEvent e) {
        List<Object[]> a = new ArrayList<>(4);
        a.add(new Object[] {"gen_ai.usage.input_tokens", e.promptTokens()});
        a.add(new Object[] {"gen_ai.usage.output_tokens", e.outputTokens()});
        if (e.cacheReadTokens() != null) {
            a.add(new Object[] {"gen_ai.usage.cache_read.input_tokens", e.cacheReadTokens()});
        }
        if (e.cacheWriteTokens() != null) {
            a.add(new Object[] {"gen_ai.usage.cache_creation.input_tokens", e.cacheWriteTokens()});
        }
        return a;
    }

    private static void add(List<String[]> to, String key, String value) {
        if (value != null) {
            to.add(new String[] {key, value});
        }
    }
}
