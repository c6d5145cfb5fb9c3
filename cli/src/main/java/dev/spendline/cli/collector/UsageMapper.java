package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the agents' OTLP log records into internal usage rows ({@code docs/ingest.md} section 4),
 * one row per model call:
 *
 * <ul>
 *   <li>Claude Code: a record whose body (or {@code event.name}) is {@code claude_code.api_request};
 *       its own {@code cost_usd} is the cost ({@code costBasis=reported}); input tokens are input +
 *       cache read + cache creation, of which cache read are the cached ones.
 *   <li>Codex: {@code codex.sse_event} with {@code event.kind=response.completed}; no cost field, so
 *       Spendline prices it ({@code costBasis=price_book}); {@code input_token_count} already
 *       includes {@code cached_token_count}.
 * </ul>
 *
 * Everything else (tool results, prompts, other SSE events) is ignored. The employee is the signed-in
 * session's e-mail, never an attribute of the record: the service accepts only rows of the token's
 * own user.
 */
final class UsageMapper {

    static final String SOURCE_KEY = "spendline-collector";
    static final String SOURCE_NAME = "Spendline collector";
    private static final Pattern MODEL_SUFFIX = Pattern.compile("\\[[^\\]]*\\]$");

    /**
     * Who the rows are for.
     *
     * @param email the session's e-mail
     * @param name the display name, or null
     * @param team the team from {@code setup --team}, or null
     */
    record Identity(String email, String name, String team) {}

    /** What one request mapped to, and how many records were usage records but unusable. */
    record Result(List<ObjectNode> rows, int skipped) {}

    private final Identity identity;

    UsageMapper(Identity identity) {
        this.identity = identity;
    }

    Result map(ExportLogsServiceRequest request) {
        List<ObjectNode> rows = new ArrayList<>();
        int skipped = 0;
        for (ResourceLogs resourceLogs : request.getResourceLogsList()) {
            for (ScopeLogs scopeLogs : resourceLogs.getScopeLogsList()) {
                for (LogRecord record : scopeLogs.getLogRecordsList()) {
                    try {
                        ObjectNode row = mapRecord(record);
                        if (row != null) {
                            rows.add(row);
                        }
                    } catch (IllegalArgumentException e) {
                        skipped++;
                    }
                }
            }
        }
        return new Result(rows, skipped);
    }

    /** The row of one record, null when it is not a model call; an exception when it is one but broken. */
    ObjectNode mapRecord(LogRecord record) {
        String event = eventName(record);
        if ("claude_code.api_request".equals(event)) {
            return claudeCode(record);
        }
        // Codex 0.169 logs two response.completed records per call; only the second has the usage.
        if ("codex.sse_event".equals(event)
                && "response.completed".equals(string(record, "event.kind"))
                && string(record, "input_token_count") != null) {
            return codex(record);
        }
        return null;
    }

    private ObjectNode claudeCode(LogRecord record) {
        long input = count(record, "input_tokens");
        long cacheRead = optionalCount(record, "cache_read_tokens");
        long cacheCreation = optionalCount(record, "cache_creation_tokens");
        ObjectNode row = base("claude_code", "anthropic", model(record));
        row.put("inputTokens", input + cacheRead + cacheCreation);
        row.put("cachedInputTokens", cacheRead);
        row.put("outputTokens", count(record, "output_tokens"));
        row.put("costBasis", "reported");
        row.put("costUsd", decimal(record, "cost_usd"));
        row.put(
                "ts",
                timestamp(record.getTimeUnixNano() != 0 ? record.getTimeUnixNano() : record.getObservedTimeUnixNano()));
        String requestId = string(record, "request_id");
        row.put("externalId", requestId != null ? "claude_code:" + requestId : "claude_code:" + hash(record));
        return row;
    }

    private ObjectNode codex(LogRecord record) {
        long input = count(record, "input_token_count");
        long cached = optionalCount(record, "cached_token_count");
        ObjectNode row = base("codex", "openai", model(record));
        row.put("inputTokens", input);
        row.put("cachedInputTokens", Math.min(cached, input));
        row.put("outputTokens", count(record, "output_token_count"));
        row.put("costBasis", "price_book");
        // Codex sets observedTimeUnixNano; its timeUnixNano is often 0.
        row.put(
                "ts",
                timestamp(
                        record.getObservedTimeUnixNano() != 0
                                ? record.getObservedTimeUnixNano()
                                : record.getTimeUnixNano()));
        String responseId = string(record, "response.id");
        row.put("externalId", responseId != null ? "codex:" + responseId : "codex:" + hash(record));
        return row;
    }

    private ObjectNode base(String tool, String provider, String model) {
        ObjectNode row = Json.object();
        row.put("sourceKey", SOURCE_KEY);
        row.put("sourceName", SOURCE_NAME);
        row.put("sourceKind", "collector");
        row.put("tool", tool);
        row.put("category", "coding_agent");
        row.put("employeeEmail", identity.email());
        if (identity.name() != null) {
            row.put("employeeName", identity.name());
        }
        if (identity.team() != null) {
            row.put("teamName", identity.team());
        }
        row.put("provider", provider);
        row.put("model", model);
        return row;
    }

    private static String eventName(LogRecord record) {
        if (record.getBody().hasStringValue()) {
            String body = record.getBody().getStringValue();
            if (body.equals("claude_code.api_request") || body.equals("codex.sse_event")) {
                return body;
            }
        }
        String name = string(record, "event.name");
        if (name == null) {
            name = record.getEventName().isEmpty() ? null : record.getEventName();
        }
        return name;
    }

    private static String model(LogRecord record) {
        String model = string(record, "model");
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("no model");
        }
        // "claude-opus-4-6[1m]": the context-window variant is the same model in the price book.
        return MODEL_SUFFIX.matcher(model.trim()).replaceFirst("");
    }

    /** The attribute as text (numbers and booleans too), null when absent or empty. */
    static String string(LogRecord record, String key) {
        for (KeyValue attribute : record.getAttributesList()) {
            if (attribute.getKey().equals(key)) {
                AnyValue value = attribute.getValue();
                String text =
                        switch (value.getValueCase()) {
                            case STRING_VALUE -> value.getStringValue();
                            case INT_VALUE -> Long.toString(value.getIntValue());
                            case DOUBLE_VALUE -> BigDecimal.valueOf(value.getDoubleValue())
                                    .toPlainString();
                            case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
                            default -> null;
                        };
                return text == null || text.isEmpty() ? null : text;
            }
        }
        return null;
    }

    private static long count(LogRecord record, String key) {
        String text = string(record, key);
        if (text == null) {
            throw new IllegalArgumentException("no " + key);
        }
        return parseCount(key, text);
    }

    private static long optionalCount(LogRecord record, String key) {
        String text = string(record, key);
        return text == null ? 0 : parseCount(key, text);
    }

    private static long parseCount(String key, String text) {
        try {
            long value = new BigDecimal(text.trim()).longValueExact();
            if (value < 0) {
                throw new IllegalArgumentException(key + " is negative");
            }
            return value;
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a whole number: " + text, e);
        }
    }

    private static BigDecimal decimal(LogRecord record, String key) {
        String text = string(record, key);
        if (text == null) {
            throw new IllegalArgumentException("no " + key);
        }
        try {
            BigDecimal value = new BigDecimal(text.trim());
            if (value.signum() < 0) {
                throw new IllegalArgumentException(key + " is negative");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: " + text, e);
        }
    }

    private static String timestamp(long unixNanos) {
        if (unixNanos <= 0) {
            return Instant.now().toString();
        }
        return Instant.ofEpochSecond(unixNanos / 1_000_000_000L, unixNanos % 1_000_000_000L)
                .toString();
    }

    /**
     * A stable id of a record without a request id: the same record (a re-export, a resend) gives
     * the same id, so the service counts it once. Its timestamps and attributes identify it.
     */
    private static String hash(LogRecord record) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(Long.toString(record.getTimeUnixNano()).getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(Long.toString(record.getObservedTimeUnixNano()).getBytes(StandardCharsets.UTF_8));
            for (KeyValue attribute : record.getAttributesList()) {
                digest.update((byte) 0);
                digest.update(attribute.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '=');
                digest.update(attribute.getValue().toByteArray());
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
