package dev.spendline.client;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/**
 * One LLM call made by your product ({@code POST /api/v1/events}, docs/ingest.md section 3). Every
 * field of the documented table, with the same names; {@code null} means absent.
 *
 * <p>Set {@code source} and {@code externalId} (both or neither) whenever you can: Spendline counts a
 * resent event with the same pair once, so the client's retries, and your own resends after a
 * restart, are free. <b>Without them, an event whose answer was lost (a timeout after the server had
 * accepted it) is counted twice when it is retried.</b>
 *
 * <p>Build with {@link #builder()}; {@link Builder#build()} refuses only what can never be accepted
 * (a missing required field, a lone {@code source} or {@code externalId}, a negative cost, metadata
 * JSON cannot carry). Lengths, ranges and the other rules are checked by the server, whose answer
 * reaches {@link DeliveryListener#rejected}.
 *
 * @param provider required, e.g. {@code openai}
 * @param model required, e.g. {@code gpt-4o-mini}
 * @param promptTokens required: all input tokens, including cache reads and writes
 * @param outputTokens required: generated output tokens
 * @param costUsd required: the call's cost in USD computed by you, exact; zero when unknown
 * @param source stable name of the sender; requires {@code externalId}
 * @param externalId stable id of this call at the source; requires {@code source}
 * @param ts when the call happened; null: when Spendline receives it
 * @param metadata additional safe context (no prompts, outputs or secrets): strings, numbers, booleans,
 *     null, maps and lists
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
        Integer retryCount,
        String outcome,
        Map<String, Object> metadata)
        implements Item {

    /** The provider call's outcome, as {@code status} expects it. */
    public static final String SUCCESS = "success";
    /** The provider call's outcome, as {@code status} expects it. */
    public static final String ERROR = "error";

    public ProductEvent {
        Checks.required(provider, "provider");
        Checks.required(model, "model");
        Checks.required(costUsd, "costUsd");
        Checks.cost(costUsd, "costUsd");
        if (promptTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("promptTokens and outputTokens must not be negative");
        }
        Checks.identity(source, externalId);
        metadata = Checks.metadata(metadata);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder; not thread-safe. */
    public static final class Builder {
        private String provider;
        private String model;
        private Long promptTokens;
        private Long outputTokens;
        private BigDecimal costUsd;
        private String source;
        private String externalId;
        private Instant ts;
        private Long totalTokens;
        private Long cacheReadTokens;
        private Long cacheWriteTokens;
        private Long latencyMs;
        private String status;
        private String feature;
        private String tenantId;
        private String userId;
        private String agentId;
        private String workflowId;
        private String runId;
        private String stepId;
        private String toolName;
        private Integer retryCount;
        private String outcome;
        private Map<String, ?> metadata;

        private Builder() {}

        public Builder provider(String provider) {
            this.provider = provider;
            return this;
        }

        public Builder model(String model) {
            this.model = model;
            return this;
        }

        public Builder promptTokens(long promptTokens) {
            this.promptTokens = promptTokens;
            return this;
        }

        public Builder outputTokens(long outputTokens) {
            this.outputTokens = outputTokens;
            return this;
        }

        /** The exact cost in USD; never pass it through a {@code double}. */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** The exact cost in USD as a decimal string, e.g. {@code "0.000275"}. */
        public Builder costUsd(String costUsd) {
            this.costUsd = costUsd == null ? null : new BigDecimal(costUsd);
            return this;
        }

        /** The sender's stable name and this call's stable id there: a resend is then counted once. */
        public Builder identity(String source, String externalId) {
            this.source = source;
            this.externalId = externalId;
            return this;
        }

        public Builder source(String source) {
            this.source = source;
            return this;
        }

        public Builder externalId(String externalId) {
            this.externalId = externalId;
            return this;
        }

        public Builder ts(Instant ts) {
            this.ts = ts;
            return this;
        }

        public Builder totalTokens(Long totalTokens) {
            this.totalTokens = totalTokens;
            return this;
        }

        public Builder cacheReadTokens(Long cacheReadTokens) {
            this.cacheReadTokens = cacheReadTokens;
            return this;
        }

        public Builder cacheWriteTokens(Long cacheWriteTokens) {
            this.cacheWriteTokens = cacheWriteTokens;
            return this;
        }

        public Builder latencyMs(Long latencyMs) {
            this.latencyMs = latencyMs;
            return this;
        }

        /** {@link #SUCCESS} or {@link #ERROR}. */
        public Builder status(String status) {
            this.status = status;
            return this;
        }

        public Builder feature(String feature) {
            this.feature = feature;
            return this;
        }

        public Builder tenantId(String tenantId) {
            this.tenantId = tenantId;
            return this;
        }

        public Builder userId(String userId) {
            this.userId = userId;
            return this;
        }

        public Builder agentId(String agentId) {
            this.agentId = agentId;
            return this;
        }

        public Builder workflowId(String workflowId) {
            this.workflowId = workflowId;
            return this;
        }

        public Builder runId(String runId) {
            this.runId = runId;
            return this;
        }

        public Builder stepId(String stepId) {
            this.stepId = stepId;
            return this;
        }

        public Builder toolName(String toolName) {
            this.toolName = toolName;
            return this;
        }

        public Builder retryCount(Integer retryCount) {
            this.retryCount = retryCount;
            return this;
        }

        public Builder outcome(String outcome) {
            this.outcome = outcome;
            return this;
        }

        /** Copied deeply when built; later changes to the map do not reach the event. */
        public Builder metadata(Map<String, ?> metadata) {
            this.metadata = metadata;
            return this;
        }

        /**
         * The event.
         *
         * @throws IllegalArgumentException when a required field is missing or a value can never be
         *     accepted
         */
        public ProductEvent build() {
            return new ProductEvent(
                    provider,
                    model,
                    Checks.required(promptTokens, "promptTokens"),
                    Checks.required(outputTokens, "outputTokens"),
                    costUsd,
                    source,
                    externalId,
                    ts,
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
                    Checks.metadataView(metadata));
        }
    }
}
