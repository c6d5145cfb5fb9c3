package dev.spendline.streams.door;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import java.math.BigDecimal;

/**
 * The topology's door: checks that a record of an input topic holds what the gateway guarantees
 * for every record it writes ({@code ProductEventReader}, {@code InternalUsageReader}), and throws
 * {@link InvalidRecordException} naming the broken invariant when it does not. A record that passed
 * the gateway always passes here; one written to the topic by anything else (a tool, an older or
 * buggy writer) may not, and must not reach a store where it could throw half-way through an
 * update or poison an aggregate. The exception handler sets it aside as a dead letter.
 *
 * <p>Only invariants the stages rely on are checked, not the gateway's every limit (lengths,
 * slugs): those are about what a sender may send, not about what the topology can process.
 */
public final class DoorCheck {

    private DoorCheck() {}

    /** Checks a record of {@code spendline.events.v1}. */
    public static void event(String key, AcceptedEvent value) {
        if (value == null) {
            throw new InvalidRecordException("no value (a tombstone or an empty record) on the events topic");
        }
        envelope(key, value.schemaVersion(), AcceptedEvent.SCHEMA_VERSION, value.workspaceId(), value.receivedAt());
        ProductEvent e = value.event();
        if (e == null) {
            throw new InvalidRecordException("no event");
        }
        if (e.ts() == null) {
            throw new InvalidRecordException("event has no ts");
        }
        required("provider", e.provider());
        required("model", e.model());
        count("promptTokens", e.promptTokens());
        count("outputTokens", e.outputTokens());
        count("totalTokens", e.totalTokens());
        count("cacheReadTokens", e.cacheReadTokens());
        count("cacheWriteTokens", e.cacheWriteTokens());
        count("latencyMs", e.latencyMs());
        count("retryCount", e.retryCount());
        if (e.costUsd() == null) {
            throw new InvalidRecordException("event has no costUsd");
        }
        money("costUsd", e.costUsd());
        if ((e.source() == null) != (e.externalId() == null)) {
            throw new InvalidRecordException("event has only one of source and externalId");
        }
    }

    /** Checks a record of {@code spendline.internal-usage.v1}. */
    public static void usage(String key, AcceptedUsageRow value) {
        if (value == null) {
            throw new InvalidRecordException("no value (a tombstone or an empty record) on the internal usage topic");
        }
        envelope(key, value.schemaVersion(), AcceptedUsageRow.SCHEMA_VERSION, value.workspaceId(), value.receivedAt());
        InternalUsageRow row = value.row();
        if (row == null) {
            throw new InvalidRecordException("no usage row");
        }
        if (row.ts() == null) {
            throw new InvalidRecordException("usage row has no ts");
        }
        required("sourceKey", row.sourceKey());
        required("tool", row.tool());
        required("employeeEmail", row.employeeEmail());
        count("inputTokens", row.inputTokens());
        count("cachedInputTokens", row.cachedInputTokens());
        count("outputTokens", row.outputTokens());
        if (row.costUsd() != null) {
            money("costUsd", row.costUsd());
        }
    }

    private static void envelope(
            String key, int schemaVersion, int knownVersion, String workspaceId, java.time.Instant receivedAt) {
        if (key == null || key.isBlank()) {
            throw new InvalidRecordException("no workspace id as the record key");
        }
        if (schemaVersion != knownVersion) {
            throw new InvalidRecordException(
                    "unknown schemaVersion " + schemaVersion + " (this version reads " + knownVersion + ")");
        }
        if (!key.equals(workspaceId)) {
            throw new InvalidRecordException("the value's workspaceId is not the record key");
        }
        if (receivedAt == null) {
            throw new InvalidRecordException("no receivedAt");
        }
    }

    private static void required(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRecordException("no " + field);
        }
    }

    private static void count(String field, Long value) {
        if (value != null && value < 0) {
            throw new InvalidRecordException(field + " is negative");
        }
    }

    private static void money(String field, BigDecimal value) {
        if (value.signum() < 0) {
            throw new InvalidRecordException(field + " is negative");
        }
    }
}
