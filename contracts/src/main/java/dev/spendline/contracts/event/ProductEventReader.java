package dev.spendline.contracts.event;

import static dev.spendline.contracts.validation.Limits.MAX_COST_USD;
import static dev.spendline.contracts.validation.Limits.MAX_ID_LENGTH;
import static dev.spendline.contracts.validation.Limits.MAX_LATENCY_MS;
import static dev.spendline.contracts.validation.Limits.MAX_NAME_LENGTH;
import static dev.spendline.contracts.validation.Limits.MAX_RETRY_COUNT;
import static dev.spendline.contracts.validation.Limits.MAX_TOKENS;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.FieldReader;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Validates one product event object (spec 2.1) and turns it into a {@link ProductEvent}. */
public final class ProductEventReader {

    private static final Set<String> STATUSES = Set.of(ProductEvent.STATUS_SUCCESS, ProductEvent.STATUS_ERROR);

    /** The message of a field that is missing but must be there, the mark of a required field. */
    private static final String REQUIRED = "is required";

    private ProductEventReader() {}

    /**
     * The fields every event must have, in the order {@link #read} checks them: the ones an empty
     * object is refused for as missing. Derived from the reader itself, so what a page or a document
     * says is required cannot drift from what ingest refuses.
     */
    public static List<String> requiredFields() {
        List<FieldError> errors = new ArrayList<>();
        read(Json.MAPPER.createObjectNode(), "", Instant.EPOCH, errors);
        return errors.stream()
                .filter(error -> error.message().equals(REQUIRED))
                .map(error -> error.pointer().substring(1))
                .toList();
    }

    /**
     * Reads the event at {@code pointer}; adds every problem to {@code errors} and returns null
     * when there was any.
     *
     * @param receivedAt the ingestion time: the default for {@code ts} and the reference for the
     *     future-skew rule
     */
    public static ProductEvent read(JsonNode node, String pointer, Instant receivedAt, List<FieldError> errors) {
        int before = errors.size();
        FieldReader f = FieldReader.of(node, pointer, errors);
        if (!f.isObject()) {
            return null;
        }
        String provider = f.requiredString("provider", MAX_NAME_LENGTH);
        String model = f.requiredString("model", MAX_NAME_LENGTH);
        int beforeCounts = errors.size();
        long promptTokens = f.requiredCount("promptTokens", MAX_TOKENS);
        long outputTokens = f.requiredCount("outputTokens", MAX_TOKENS);
        // Cross-field rules only make sense between fields that are valid themselves.
        boolean countsValid = errors.size() == beforeCounts;
        BigDecimal costUsd = f.requiredMoney("costUsd", MAX_COST_USD);
        String source = f.optionalString("source", MAX_NAME_LENGTH);
        String externalId = f.optionalString("externalId", MAX_ID_LENGTH);
        Instant ts = f.optionalTimestamp("ts", receivedAt);
        Long totalTokens = f.optionalCount("totalTokens", 2 * MAX_TOKENS);
        Long cacheReadTokens = f.optionalCount("cacheReadTokens", MAX_TOKENS);
        Long cacheWriteTokens = f.optionalCount("cacheWriteTokens", MAX_TOKENS);
        Long latencyMs = f.optionalCount("latencyMs", MAX_LATENCY_MS);
        String status = f.optionalEnum("status", STATUSES);
        String feature = f.optionalString("feature", MAX_ID_LENGTH);
        String tenantId = f.optionalString("tenantId", MAX_ID_LENGTH);
        String userId = f.optionalString("userId", MAX_ID_LENGTH);
        String agentId = f.optionalString("agentId", MAX_ID_LENGTH);
        String workflowId = f.optionalString("workflowId", MAX_ID_LENGTH);
        String runId = f.optionalString("runId", MAX_ID_LENGTH);
        String stepId = f.optionalString("stepId", MAX_ID_LENGTH);
        String toolName = f.optionalString("toolName", MAX_ID_LENGTH);
        Long retryCount = f.optionalCount("retryCount", MAX_RETRY_COUNT);
        String outcome = f.optionalString("outcome", MAX_NAME_LENGTH);
        JsonNode metadata = f.optionalMetadata("metadata");
        f.rejectUnknownFields();

        // Identity is all or nothing: half an identity cannot deduplicate anything (spec 2.1 rule 3).
        if (f.has("source") && !f.has("externalId")) {
            f.error("externalId", "is required when source is given");
        } else if (f.has("externalId") && !f.has("source")) {
            f.error("source", "is required when externalId is given");
        }
        // Cached tokens are counted inside promptTokens (spec 2.1 rule 1).
        long cached =
                (cacheReadTokens == null ? 0 : cacheReadTokens) + (cacheWriteTokens == null ? 0 : cacheWriteTokens);
        if (countsValid && cached > promptTokens) {
            f.error(
                    "cacheReadTokens",
                    "cacheReadTokens + cacheWriteTokens must not exceed promptTokens, which includes them");
        }
        if (countsValid && totalTokens != null && totalTokens < promptTokens + outputTokens) {
            f.error("totalTokens", "must be at least promptTokens + outputTokens");
        }
        if (errors.size() != before) {
            return null;
        }
        return new ProductEvent(
                provider,
                model,
                promptTokens,
                outputTokens,
                costUsd,
                source,
                externalId,
                ts == null ? receivedAt : ts,
                totalTokens,
                cacheReadTokens,
                cacheWriteTokens,
                latencyMs,
                status,
                feature,
                tenantId,
                userId,
                agentId,
                workflowId,
                runId,
                stepId,
                toolName,
                retryCount,
                outcome,
                metadata);
    }
}
