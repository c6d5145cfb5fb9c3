package dev.spendline.contracts.event;

import java.math.BigDecimal;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * One LLM call as a sender reported it (spec section 2.1), after validation. {@code ts} is never
 * null here: it defaults to the ingestion time. Optional fields are null when absent.
 *
 * @param costUsd the sender's own computed cost, exact as written (0 when unknown)
 */
public record ProductEvent(
        String provider,
        String model,
        long promptTokens,
        long outputTokens,
        BigDecimal costUsd,
        String source,
        String externalId,
        Instant ts,
        Long totalTokens,
        Long cacheReadTokens,
        Long cacheWriteTokens,
        Long latencyMs,
        String status,
        String feature,
        String tenantId,
        String userId,
        String agentId,
        String workflowId,
        String runId,
        String stepId,
        String toolName,
        Long retryCount,
        String outcome,
        JsonNode metadata) {

    public ProductEvent {
        // JSON null read back from a topic must mean "absent", as it did when written.
        metadata = metadata == null || metadata.isNull() ? null : metadata;
    }

    public static final String STATUS_SUCCESS = "success";
    public static final String STATUS_ERROR = "error";

    /** True when the sender gave the event an identity, so resends can be recognised. */
    public boolean hasIdentity() {
        return source != null && externalId != null;
    }

    /** Named without "is" so that JSON mappers do not mistake it for a property. */
    public boolean failed() {
        return STATUS_ERROR.equals(status);
    }

    public long retries() {
        return retryCount == null ? 0 : retryCount;
    }
}
