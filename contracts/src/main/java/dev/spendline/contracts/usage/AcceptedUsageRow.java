package dev.spendline.contracts.usage;

import java.time.Instant;

/** The value of a record on {@code spendline.internal-usage.v1}. */
public record AcceptedUsageRow(int schemaVersion, String workspaceId, Instant receivedAt, InternalUsageRow row) {

    public static final int SCHEMA_VERSION = 1;

    public static AcceptedUsageRow of(String workspaceId, Instant receivedAt, InternalUsageRow row) {
        return new AcceptedUsageRow(SCHEMA_VERSION, workspaceId, receivedAt, row);
    }
}
