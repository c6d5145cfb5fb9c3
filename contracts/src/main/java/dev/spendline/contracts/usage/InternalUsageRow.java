package dev.spendline.contracts.usage;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Usage of an internal AI tool by an employee (spec section 2.2), after validation. Employee,
 * team and tool identifiers are kept apart from product-event identifiers: they live in their own
 * topic, stores and report dimensions.
 *
 * <p>{@code ts}, {@code costUsd} and {@code externalId} are Spendline extensions to the spec:
 * when the usage happened (default: ingestion time), the cost the source reported, and a stable
 * row id that makes resends of the same row count once.
 */
public record InternalUsageRow(
        String sourceKey,
        String sourceName,
        String sourceKind,
        String tool,
        String category,
        String employeeEmail,
        String employeeName,
        String teamName,
        String provider,
        String model,
        long inputTokens,
        long cachedInputTokens,
        long outputTokens,
        String costBasis,
        Instant ts,
        BigDecimal costUsd,
        String externalId) {

    public boolean hasIdentity() {
        return externalId != null;
    }
}
