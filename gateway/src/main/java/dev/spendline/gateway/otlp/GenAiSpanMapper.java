package dev.spendline.gateway.otlp;

import com.google.protobuf.ByteString;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.otlp.OtlpMapping;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the spans of an OTLP export that follow the OpenTelemetry GenAI semantic conventions (one
 * span per model call) into product events, validated by the same {@link ProductEventReader} as
 * {@code /api/v1/events}. Other spans are counted and ignored; a model-call span that cannot
 * become a valid event is rejected with a reason. The mapping is documented in
 * docs/opentelemetry.md; keep the two together. The attribution fields (tenant, feature, user,
 * agent, workflow, run, step, tool, outcome) are read with the workspace's {@link OtlpMapping}.
 *
 * <p>A span is a model call when its own attributes (not the resource's) name a model or carry a
 * token count, and its {@code gen_ai.operation.name} is not an agent, workflow or tool operation
 * (those spans wrap model calls that have spans of their own, so counting them would count twice).
 */
public final class GenAiSpanMapper {

    /** The event's {@code source}: with {@code <trace id>:<span id>} the identity an exporter's retry repeats. */
    public static final String SOURCE = "otlp";

    /** The rejection reasons kept for the answer; the count is always exact. */
    static final int MAX_REASONS = 10;

    /** Operations whose spans wrap model calls rather than being one. */
    private static final Set<String> WRAPPER_OPERATIONS =
            Set.of("invoke_agent", "create_agent", "execute_tool", "invoke_workflow");

    private static final String OPERATION = "gen_ai.operation.name";
    private static final List<String> PROVIDER = List.of("gen_ai.provider.name", "gen_ai.system");
    /** The response's model wins: it names the model that actually answered (a dated version). */
    private static final List<String> MODEL = List.of("gen_ai.response.model", "gen_ai.request.model");

    private static final List<String> INPUT_TOKENS = List.of("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens");
    private static final List<String> OUTPUT_TOKENS =
            List.of("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens");
    private static final List<String> CACHE_READ_TOKENS =
            List.of("gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_read_input_tokens");
    private static final List<String> CACHE_WRITE_TOKENS =
            List.of("gen_ai.usage.cache_creation.input_tokens", "gen_ai.usage.cache_creation_input_tokens");
    private static final String ERROR_TYPE = "error.type";
    private static final String COST = "spendline.cost_usd";

    /** How the export's trace and span ids were written. */
    public enum Ids {
        /** Protobuf: the raw bytes. */
        BYTES,
        /**
         * OTLP/JSON read with protobuf's {@code JsonFormat}, which reads {@code bytes} fields as
         * base64 while OTLP/JSON writes ids in hex. Hex digits are base64 characters and 32 (16) of
         * them decode to exactly 24 (12) bytes, so the decoding is lossless: encoding those bytes as
         * base64 again gives back the hex text the sender wrote.
         */
        HEX_READ_AS_BASE64
    }

    /**
     * What an export became.
     *
     * @param events the model calls, validated, in the export's order
     * @param ignored spans that are not model calls
     * @param rejected model-call spans that could not become an event
     * @param reasons why, for the first {@value #MAX_REASONS} of them
     */
    public record Result(List<ProductEvent> events, int ignored, int rejected, List<String> reasons) {

        /** The answer's {@code partial_success.error_message}; empty when nothing was rejected. */
        public String errorMessage() {
            if (rejected == 0) {
                return "";
            }
            String more = rejected > reasons.size() ? "; and " + (rejected - reasons.size()) + " more" : "";
            return rejected + " GenAI span(s) rejected: " + String.join("; ", reasons) + more;
        }
    }

    private GenAiSpanMapper() {}

    /**
     * @param receivedAt the ingestion time: the default {@code ts} and the reference of the
     *     future-skew rule, as for {@code /api/v1/events}
     * @param attribution the workspace's mapping of attributes to attribution fields
     */
    public static Result map(ExportTraceServiceRequest request, Ids ids, Instant receivedAt, OtlpMapping attribution) {
        List<ProductEvent> events = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        int ignored = 0;
        int rejected = 0;
        for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
            Map<String, AnyValue> resource = index(resourceSpans.getResource().getAttributesList());
            for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
                for (Span span : scopeSpans.getSpansList()) {
                    Map<String, AnyValue> attributes = index(span.getAttributesList());
                    if (!isModelCall(attributes)) {
                        ignored++;
                        continue;
                    }
                    List<String> problems = new ArrayList<>();
                    ProductEvent event = event(span, attributes, resource, ids, receivedAt, attribution, problems);
                    if (event != null) {
                        events.add(event);
                    } else {
                        rejected++;
                        if (reasons.size() < MAX_REASONS) {
                            reasons.add(describe(span, ids) + ": " + String.join(", ", problems));
                        }
                    }
                }
            }
        }
        return new Result(events, ignored, rejected, reasons);
    }

    static boolean isModelCall(Map<String, AnyValue> span) {
        AnyValue operation = span.get(OPERATION);
        if (operation != null && WRAPPER_OPERATIONS.contains(operation.getStringValue())) {
            return false;
        }
        for (List<String> names : List.of(MODEL, INPUT_TOKENS, OUTPUT_TOKENS)) {
            for (String name : names) {
                if (span.containsKey(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static ProductEvent event(
            Span span,
            Map<String, AnyValue> attributes,
            Map<String, AnyValue> resource,
            Ids ids,
            Instant receivedAt,
            OtlpMapping attribution,
            List<String> problems) {
        Lookup a = new Lookup(attributes, resource, problems);
        ObjectNode node = Json.MAPPER.createObjectNode();
        boolean failed =
                span.getStatus().getCode() == Status.StatusCode.STATUS_CODE_ERROR || attributes.containsKey(ERROR_TYPE);

        String provider = a.string(PROVIDER, true);
        if (provider == null) {
            problems.add("gen_ai.provider.name (or gen_ai.system) is required");
        } else {
            node.put("provider", provider.toLowerCase(Locale.ROOT));
        }
        String model = a.string(MODEL, false);
        if (model == null) {
            problems.add("gen_ai.response.model or gen_ai.request.model is required");
        } else {
            node.put("model", model);
        }
        Long input = a.count(INPUT_TOKENS);
        Long output = a.count(OUTPUT_TOKENS);
        Long cacheRead = a.count(CACHE_READ_TOKENS);
        Long cacheWrite = a.count(CACHE_WRITE_TOKENS);
        boolean embeddings = "embeddings".equals(a.string(List.of(OPERATION), false));
        // A failed call reports no usage: it is still a call, with no tokens. Embeddings have no output.
        if (input == null && failed) {
            input = 0L;
        }
        if (output == null && (failed || embeddings)) {
            output = 0L;
        }
        if (input == null && !a.has(INPUT_TOKENS)) {
            problems.add("gen_ai.usage.input_tokens (or gen_ai.usage.prompt_tokens) is required");
        }
        if (output == null && !a.has(OUTPUT_TOKENS)) {
            problems.add("gen_ai.usage.output_tokens (or gen_ai.usage.completion_tokens) is required");
        }
        if (input != null) {
            long cached = (cacheRead == null ? 0 : cacheRead) + (cacheWrite == null ? 0 : cacheWrite);
            // The conventions count cached tokens inside the input tokens, as Spendline does; a span
            // whose cache tokens exceed them reported the provider's uncached input (Anthropic's
            // usage shape), so the cache tokens are added.
            node.put("promptTokens", cached > input ? input + cached : input);
        }
        if (output != null) {
            node.put("outputTokens", output);
        }
        if (cacheRead != null) {
            node.put("cacheReadTokens", cacheRead);
        }
        if (cacheWrite != null) {
            node.put("cacheWriteTokens", cacheWrite);
        }
        BigDecimal cost = a.money(COST);
        node.put("costUsd", cost == null ? BigDecimal.ZERO : cost);

        String traceId = id(span.getTraceId(), 16, ids);
        String spanId = id(span.getSpanId(), 8, ids);
        if (traceId == null || spanId == null) {
            problems.add("trace_id (16 bytes) and span_id (8 bytes) are required: they are the span's identity");
        } else {
            node.put("source", SOURCE);
            node.put("externalId", traceId + ":" + spanId);
        }
        long start = span.getStartTimeUnixNano();
        long end = span.getEndTimeUnixNano();
        long at = end != 0 ? end : start;
        if (at != 0) {
            node.put("ts", instant(at).toString());
        }
        if (start != 0 && end != 0 && Long.compareUnsigned(end, start) >= 0) {
            node.put("latencyMs", (end - start) / 1_000_000);
        }
        node.put("status", failed ? ProductEvent.STATUS_ERROR : ProductEvent.STATUS_SUCCESS);
        // By index over the mapping's precomputed lists: nothing is built per span for it.
        for (int field = 0; field < attribution.size(); field++) {
            String value = a.string(attribution.names(field), true);
            if (value != null) {
                node.put(attribution.field(field), value);
            }
        }
        if (!problems.isEmpty()) {
            return null;
        }
        List<FieldError> errors = new ArrayList<>();
        ProductEvent event = ProductEventReader.read(node, "", receivedAt, errors);
        for (FieldError error : errors) {
            problems.add(fieldName(error.pointer(), attribution) + " " + error.message());
        }
        return event;
    }

    /** A pointer of the event built here ({@code /tenantId}) in the sender's terms: the attribute it came from. */
    private static String fieldName(String pointer, OtlpMapping attribution) {
        String field = pointer.startsWith("/") ? pointer.substring(1) : pointer;
        List<String> attributes = attribution.names(field);
        if (attributes != null) {
            return String.join(" / ", attributes);
        }
        return switch (field) {
            case "promptTokens", "cacheReadTokens" -> String.join(" / ", INPUT_TOKENS) + " (with the cache tokens)";
            case "outputTokens" -> String.join(" / ", OUTPUT_TOKENS);
            case "costUsd" -> COST;
            case "ts" -> "end_time_unix_nano";
            case "latencyMs" -> "span duration";
            case "model" -> "model";
            default -> field;
        };
    }

    private static String describe(Span span, Ids ids) {
        String traceId = id(span.getTraceId(), 16, ids);
        String spanId = id(span.getSpanId(), 8, ids);
        String name = span.getName().length() > 80 ? span.getName().substring(0, 80) + "…" : span.getName();
        return "span " + (traceId == null ? "?" : traceId) + ":" + (spanId == null ? "?" : spanId) + " '" + name + "'";
    }

    /** The id in lower-case hex; null when it is missing, all zero or not {@code length} bytes. */
    static String id(ByteString raw, int length, Ids ids) {
        byte[] bytes;
        if (ids == Ids.HEX_READ_AS_BASE64 && raw.size() == length * 3 / 2) {
            String hex = Base64.getEncoder().encodeToString(raw.toByteArray());
            try {
                bytes = HexFormat.of().parseHex(hex);
            } catch (IllegalArgumentException notHex) {
                return null;
            }
        } else {
            bytes = raw.toByteArray();
        }
        if (bytes.length != length || allZero(bytes)) {
            return null;
        }
        return HexFormat.of().formatHex(bytes);
    }

    private static boolean allZero(byte[] bytes) {
        for (byte b : bytes) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static Instant instant(long unixNanos) {
        return Instant.ofEpochSecond(
                Long.divideUnsigned(unixNanos, 1_000_000_000L), Long.remainderUnsigned(unixNanos, 1_000_000_000L));
    }

    private static Map<String, AnyValue> index(List<KeyValue> attributes) {
        Map<String, AnyValue> map = new HashMap<>(Math.max(4, attributes.size() * 2));
        for (KeyValue kv : attributes) {
            // The first of a repeated key wins, as OTLP's data model allows only one.
            map.putIfAbsent(kv.getKey(), kv.getValue());
        }
        return map;
    }

    /**
     * Attribute values by name, from the span first, then (where allowed) the resource; a value of
     * the wrong type is a problem, named with its attribute.
     */
    private record Lookup(Map<String, AnyValue> span, Map<String, AnyValue> resource, List<String> problems) {

        boolean has(List<String> names) {
            return names.stream().anyMatch(span::containsKey);
        }

        private Map.Entry<String, AnyValue> find(List<String> names, boolean resourceToo) {
            for (String name : names) {
                AnyValue value = span.get(name);
                if (value != null) {
                    return Map.entry(name, value);
                }
            }
            if (resourceToo) {
                for (String name : names) {
                    AnyValue value = resource.get(name);
                    if (value != null) {
                        return Map.entry(name, value);
                    }
                }
            }
            return null;
        }

        String string(List<String> names, boolean resourceToo) {
            Map.Entry<String, AnyValue> found = find(names, resourceToo);
            if (found == null) {
                return null;
            }
            AnyValue value = found.getValue();
            return switch (value.getValueCase()) {
                case STRING_VALUE -> value.getStringValue().isBlank() ? null : value.getStringValue();
                case INT_VALUE -> Long.toString(value.getIntValue());
                default -> {
                    problems.add(found.getKey() + " must be a string");
                    yield null;
                }
            };
        }

        /** A token count from the span's own attributes: an integer, or a string or double holding one. */
        Long count(List<String> names) {
            Map.Entry<String, AnyValue> found = find(names, false);
            if (found == null) {
                return null;
            }
            AnyValue value = found.getValue();
            Long count =
                    switch (value.getValueCase()) {
                        case INT_VALUE -> value.getIntValue();
                        case DOUBLE_VALUE -> value.getDoubleValue() == Math.rint(value.getDoubleValue())
                                        && Math.abs(value.getDoubleValue()) < 1e15
                                ? (long) value.getDoubleValue()
                                : null;
                        case STRING_VALUE -> parseLong(value.getStringValue());
                        default -> null;
                    };
            if (count == null || count < 0) {
                problems.add(found.getKey() + " must be a non-negative integer");
                return null;
            }
            return count;
        }

        /** A cost in USD from the span or its resource: a number, or a string holding one. */
        BigDecimal money(String name) {
            Map.Entry<String, AnyValue> found = find(List.of(name), false);
            if (found == null) {
                return null;
            }
            AnyValue value = found.getValue();
            try {
                BigDecimal cost =
                        switch (value.getValueCase()) {
                            case DOUBLE_VALUE -> Double.isFinite(value.getDoubleValue())
                                    ? new BigDecimal(Double.toString(value.getDoubleValue()))
                                    : null;
                            case INT_VALUE -> BigDecimal.valueOf(value.getIntValue());
                            case STRING_VALUE -> new BigDecimal(
                                    value.getStringValue().trim());
                            default -> null;
                        };
                if (cost != null) {
                    return cost;
                }
            } catch (NumberFormatException notANumber) {
                // reported below
            }
            problems.add(name + " must be a number (USD)");
            return null;
        }

        private static Long parseLong(String text) {
            try {
                return Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
