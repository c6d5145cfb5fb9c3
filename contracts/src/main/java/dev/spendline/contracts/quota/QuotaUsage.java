package dev.spendline.contracts.quota;

/**
 * Product events the workspace had accepted in {@code month} ({@code YYYY-MM}, UTC, by the time
 * the gateway received them), counted after deduplication: a resend is never counted.
 */
public record QuotaUsage(String workspaceId, String month, long acceptedEvents) {}
