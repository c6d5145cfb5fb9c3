package dev.spendline.contracts.alert;

import java.time.Instant;

/**
 * Hides one alert from {@code active_alerts} until {@code until}. Kept in the compacted topic
 * {@code spendline.alert-snoozes.v1} under {@link Alert#key}; a tombstone ends a snooze early.
 */
public record AlertSnooze(
        int schemaVersion,
        String workspaceId,
        String alertId,
        Instant until,
        String reason,
        Instant createdAt,
        String createdBy) {

    public static final int SCHEMA_VERSION = 1;
    public static final int MAX_REASON_LENGTH = 500;
    /** Thirty days: longer is not a snooze but a decision to delete or change the budget. */
    public static final java.time.Duration MAX_SNOOZE = java.time.Duration.ofDays(30);
}
