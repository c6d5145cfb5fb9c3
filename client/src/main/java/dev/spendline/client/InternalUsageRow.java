package dev.spendline.client;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Usage of an AI tool by one of your employees ({@code POST /api/v1/internal-usage}, docs/ingest.md
 * section 4). Every field of the documented table, with the same names; {@code null} means absent.
 *
 * <p>Set {@code externalId} whenever you can: Spendline counts a resent row with the same
 * ({@code sourceKey}, {@code externalId}) once, so retries and resends are free. <b>Without it, a row
 * whose answer was lost is counted twice when it is retried.</b>
 *
 * <p>{@link Builder#build()} refuses only a missing required field or a negative cost; the value
 * lists ({@code sourceKind}, {@code category}, {@code costBasis}), the e-mail shape and the
 * cost-basis rules are checked by the server, whose answer reaches {@link DeliveryListener#rejected}.
 *
 * @param sourceKey required: identifier of the sending source
 * @param sourceKind required: one of {@link #KIND_COLLECTOR}, {@link #KIND_API}, ...
 * @param tool required: a lower-case slug such as {@code claude_code}
 * @param employeeEmail required
 * @param inputTokens required: input tokens, including cached input
 * @param outputTokens required
 * @param costBasis {@link #REPORTED}, {@link #PRICE_BOOK} or {@link #SUBSCRIPTION}; null: reported
 *     when {@code costUsd} is given, else price_book
 * @param ts when the usage happened; null: when Spendline receives it
 * @param costUsd the source's exact cost in USD (required for reported, absent for price_book)
 * @param externalId stable id of the row at the source, for dedupe
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
        Long cachedInputTokens,
        long outputTokens,
        String costBasis,
        Instant ts,
        BigDecimal costUsd,
        String externalId)
        implements Item {

    public static final String KIND_COLLECTOR = "collector";
    public static final String KIND_API = "api";
    public static final String KIND_BILLING_EXPORT = "billing_export";
    public static final String KIND_IMPORT = "import";
    public static final String KIND_CI = "ci";

    public static final String CATEGORY_CODING_AGENT = "coding_agent";
    public static final String CATEGORY_CODE_COMPLETION = "code_completion";
    public static final String CATEGORY_CHAT_ASSISTANT = "chat_assistant";
    public static final String CATEGORY_API = "api";
    public static final String CATEGORY_OTHER = "other";

    /** The source's own cost figure ({@code costUsd}) is used as is. */
    public static final String REPORTED = "reported";
    /** Spendline prices the tokens; needs {@code provider} and {@code model}, no {@code costUsd}. */
    public static final String PRICE_BOOK = "price_book";
    /** A flat seat price: tokens are counted, cost as 0. */
    public static final String SUBSCRIPTION = "subscription";

    public InternalUsageRow {
        Checks.required(sourceKey, "sourceKey");
        Checks.required(sourceKind, "sourceKind");
        Checks.required(tool, "tool");
        Checks.required(employeeEmail, "employeeEmail");
        if (inputTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("inputTokens and outputTokens must not be negative");
        }
        Checks.cost(costUsd, "costUsd");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder; not thread-safe. */
    public static final class Builder {
        private String sourceKey;
        private String sourceName;
        private String sourceKind;
        private String tool;
        private String category;
        private String employeeEmail;
        private String employeeName;
        private String teamName;
        private String provider;
        private String model;
        private Long inputTokens;
        private Long cachedInputTokens;
        private Long outputTokens;
        private String costBasis;
        private Instant ts;
        private BigDecimal costUsd;
        private String externalId;

        private Builder() {}

        public Builder sourceKey(String sourceKey) {
            this.sourceKey = sourceKey;
            return this;
        }

        public Builder sourceName(String sourceName) {
            this.sourceName = sourceName;
            return this;
        }

        public Builder sourceKind(String sourceKind) {
            this.sourceKind = sourceKind;
            return this;
        }

        public Builder tool(String tool) {
            this.tool = tool;
            return this;
        }

        public Builder category(String category) {
            this.category = category;
            return this;
        }

        public Builder employeeEmail(String employeeEmail) {
            this.employeeEmail = employeeEmail;
            return this;
        }

        public Builder employeeName(String employeeName) {
            this.employeeName = employeeName;
            return this;
        }

        public Builder teamName(String teamName) {
            this.teamName = teamName;
            return this;
        }

        public Builder provider(String provider) {
            this.provider = provider;
            return this;
        }

        public Builder model(String model) {
            this.model = model;
            return this;
        }

        public Builder inputTokens(long inputTokens) {
            this.inputTokens = inputTokens;
            return this;
        }

        public Builder cachedInputTokens(Long cachedInputTokens) {
            this.cachedInputTokens = cachedInputTokens;
            return this;
        }

        public Builder outputTokens(long outputTokens) {
            this.outputTokens = outputTokens;
            return this;
        }

        public Builder costBasis(String costBasis) {
            this.costBasis = costBasis;
            return this;
        }

        public Builder ts(Instant ts) {
            this.ts = ts;
            return this;
        }

        /** The exact cost in USD; never pass it through a {@code double}. */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** The exact cost in USD as a decimal string, e.g. {@code "0.0183"}. */
        public Builder costUsd(String costUsd) {
            this.costUsd = costUsd == null ? null : new BigDecimal(costUsd);
            return this;
        }

        public Builder externalId(String externalId) {
            this.externalId = externalId;
            return this;
        }

        /**
         * The row.
         *
         * @throws IllegalArgumentException when a required field is missing or the cost is negative
         */
        public InternalUsageRow build() {
            return new InternalUsageRow(
                    sourceKey,
                    sourceName,
                    sourceKind,
                    tool,
                    category,
                    employeeEmail,
                    employeeName,
                    teamName,
                    provider,
                    model,
                    Checks.required(inputTokens, "inputTokens"),
                    cachedInputTokens,
                    Checks.required(outputTokens, "outputTokens"),
                    costBasis,
                    ts,
                    costUsd,
                    externalId);
        }
    }
}
