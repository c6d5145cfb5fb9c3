package dev.spendline.client;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes items as the JSON the ingest endpoints read (docs/ingest.md), on the sender thread. Absent
 * ({@code null}) fields are left out; money is written as the exact decimal it was given, never
 * through a double; {@code ts} as an ISO-8601 instant.
 */
final class JsonBodies {

    private static final JsonFactory JSON = new JsonFactory();
    private static final byte[] COMMA = {','};

    private JsonBodies() {}

    /** The batch body: {@code {"events":[...]}} or {@code {"rows":[...]}} around items already written. */
    static byte[] batch(Kind kind, List<byte[]> items) {
        int size = kind.field.length() + 8;
        for (byte[] item : items) {
            size += item.length + 1;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        out.writeBytes(("{\"" + kind.field + "\":[").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.writeBytes(COMMA);
            }
            out.writeBytes(items.get(i));
        }
        out.writeBytes(new byte[] {']', '}'});
        return out.toByteArray();
    }

    static byte[] item(Item item) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            if (item instanceof ProductEvent e) {
                event(g, e);
            } else {
                row(g, (InternalUsageRow) item);
            }
        }
        return out.toByteArray();
    }

    private static void event(JsonGenerator g, ProductEvent e) {
        g.writeStartObject();
        string(g, "provider", e.provider());
        string(g, "model", e.model());
        g.writeNumberProperty("promptTokens", e.promptTokens());
        g.writeNumberProperty("outputTokens", e.outputTokens());
        money(g, "costUsd", e.costUsd());
        string(g, "source", e.source());
        string(g, "externalId", e.externalId());
        instant(g, "ts", e.ts());
        count(g, "totalTokens", e.totalTokens());
        count(g, "cacheReadTokens", e.cacheReadTokens());
        count(g, "cacheWriteTokens", e.cacheWriteTokens());
        count(g, "latencyMs", e.latencyMs());
        string(g, "status", e.status());
        string(g, "feature", e.feature());
        string(g, "tenantId", e.tenantId());
        string(g, "userId", e.userId());
        string(g, "agentId", e.agentId());
        string(g, "workflowId", e.workflowId());
        string(g, "runId", e.runId());
        string(g, "stepId", e.stepId());
        string(g, "toolName", e.toolName());
        if (e.retryCount() != null) {
            g.writeNumberProperty("retryCount", e.retryCount().intValue());
        }
        string(g, "outcome", e.outcome());
        if (e.metadata() != null) {
            g.writeName("metadata");
            value(g, e.metadata());
        }
        g.writeEndObject();
    }

    private static void row(JsonGenerator g, InternalUsageRow r) {
        g.writeStartObject();
        string(g, "sourceKey", r.sourceKey());
        string(g, "sourceName", r.sourceName());
        string(g, "sourceKind", r.sourceKind());
        string(g, "tool", r.tool());
        string(g, "category", r.category());
        string(g, "employeeEmail", r.employeeEmail());
        string(g, "employeeName", r.employeeName());
        string(g, "teamName", r.teamName());
        string(g, "provider", r.provider());
        string(g, "model", r.model());
        g.writeNumberProperty("inputTokens", r.inputTokens());
        count(g, "cachedInputTokens", r.cachedInputTokens());
        g.writeNumberProperty("outputTokens", r.outputTokens());
        string(g, "costBasis", r.costBasis());
        instant(g, "ts", r.ts());
        money(g, "costUsd", r.costUsd());
        string(g, "externalId", r.externalId());
        g.writeEndObject();
    }

    private static void string(JsonGenerator g, String name, String value) {
        if (value != null) {
            g.writeStringProperty(name, value);
        }
    }

    private static void count(JsonGenerator g, String name, Long value) {
        if (value != null) {
            g.writeNumberProperty(name, value.longValue());
        }
    }

    private static void instant(JsonGenerator g, String name, Instant value) {
        if (value != null) {
            g.writeStringProperty(name, value.toString());
        }
    }

    /** Plain notation ({@code 0.00000001}, not {@code 1E-8}): exactly the digits the caller gave. */
    private static void money(JsonGenerator g, String name, BigDecimal value) {
        if (value != null) {
            g.writeName(name);
            g.writeNumber(value.toPlainString());
        }
    }

    private static void value(JsonGenerator g, Object value) {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof BigDecimal d) {
            g.writeNumber(d.toPlainString());
        } else if (value instanceof BigInteger i) {
            g.writeNumber(i);
        } else if (value instanceof Double || value instanceof Float) {
            g.writeNumber(((Number) value).doubleValue());
        } else if (value instanceof Number n) {
            g.writeNumber(n.longValue());
        } else if (value instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                g.writeName((String) entry.getKey());
                value(g, entry.getValue());
            }
            g.writeEndObject();
        } else {
            g.writeStartArray();
            for (Object element : (List<?>) value) {
                value(g, element);
            }
            g.writeEndArray();
        }
    }

    /** The two kinds of item, their endpoint and their batch field. */
    enum Kind {
        EVENTS("/api/v1/events", "events"),
        ROWS("/api/v1/internal-usage", "rows");

        final String path;
        final String field;

        Kind(String path, String field) {
            this.path = path;
            this.field = field;
        }

        static Kind of(Item item) {
            return item instanceof ProductEvent ? EVENTS : ROWS;
        }
    }
}
