package dev.spendline.contracts.usage;

import static dev.spendline.contracts.validation.Limits.MAX_COST_USD;
import static dev.spendline.contracts.validation.Limits.MAX_ID_LENGTH;
import static dev.spendline.contracts.validation.Limits.MAX_NAME_LENGTH;
import static dev.spendline.contracts.validation.Limits.MAX_TOKENS;

import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.FieldReader;
import dev.spendline.contracts.validation.TextRules;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * Validates one internal usage row (spec 2.2). Required: {@code sourceKey}, {@code sourceKind},
 * {@code tool}, {@code employeeEmail}, {@code inputTokens}, {@code outputTokens}; everything else
 * is optional (see docs/ingest.md for the defaults).
 */
public final class InternalUsageReader {

    private InternalUsageReader() {}

    public static InternalUsageRow read(JsonNode node, String pointer, Instant receivedAt, List<FieldError> errors) {
        int before = errors.size();
        FieldReader f = FieldReader.of(node, pointer, errors);
        if (!f.isObject()) {
            return null;
        }
        String sourceKey = f.requiredString("sourceKey", MAX_NAME_LENGTH);
        String sourceName = f.optionalString("sourceName", TextRules.DISPLAY_NAME);
        String sourceKind = f.has("sourceKind")
                ? f.optionalEnum("sourceKind", UsageVocabulary.SOURCE_KINDS)
                : f.requiredString("sourceKind", MAX_NAME_LENGTH);
        String tool = f.requiredString("tool", MAX_NAME_LENGTH);
        if (tool != null && !UsageVocabulary.TOOL_SLUG.matcher(tool).matches()) {
            f.error("tool", "must be a lower-case slug such as claude_code, codex or cursor");
            tool = null;
        }
        String category = f.optionalEnum("category", UsageVocabulary.CATEGORIES);
        String employeeEmail = f.requiredString("employeeEmail", MAX_ID_LENGTH);
        if (employeeEmail != null
                && !UsageVocabulary.EMAIL.matcher(employeeEmail).matches()) {
            f.error("employeeEmail", "must be an e-mail address");
            employeeEmail = null;
        }
        String employeeName = f.optionalString("employeeName", TextRules.DISPLAY_NAME);
        String teamName = f.optionalString("teamName", TextRules.DISPLAY_NAME);
        String provider = f.optionalString("provider", MAX_NAME_LENGTH);
        String model = f.optionalString("model", MAX_NAME_LENGTH);
        long inputTokens = f.requiredCount("inputTokens", MAX_TOKENS);
        Long cachedInputTokens = f.optionalCount("cachedInputTokens", MAX_TOKENS);
        long outputTokens = f.requiredCount("outputTokens", MAX_TOKENS);
        String costBasis = f.optionalEnum("costBasis", UsageVocabulary.COST_BASES);
        Instant ts = f.optionalTimestamp("ts", receivedAt);
        BigDecimal costUsd = f.optionalMoney("costUsd", MAX_COST_USD);
        String externalId = f.optionalString("externalId", MAX_ID_LENGTH);
        f.rejectUnknownFields();

        if (cachedInputTokens != null && cachedInputTokens > inputTokens) {
            f.error("cachedInputTokens", "must not exceed inputTokens, which includes them");
        }
        if (costBasis == null && !f.has("costBasis")) {
            // Decided by presence, not validity: an invalid costUsd must not turn into a price_book row.
            costBasis = f.has("costUsd") ? UsageVocabulary.BASIS_REPORTED : UsageVocabulary.BASIS_PRICE_BOOK;
        }
        if (UsageVocabulary.BASIS_REPORTED.equals(costBasis) && !f.has("costUsd")) {
            f.error("costUsd", "is required when costBasis is reported");
        }
        if (UsageVocabulary.BASIS_PRICE_BOOK.equals(costBasis) && f.has("costUsd")) {
            f.error("costUsd", "must be absent when costBasis is price_book; Spendline prices the tokens");
        }
        if (UsageVocabulary.BASIS_PRICE_BOOK.equals(costBasis)) {
            for (String needed : new String[] {"provider", "model"}) {
                if (!f.has(needed)) {
                    f.error(needed, "is required when costBasis is price_book");
                }
            }
        }
        if (errors.size() != before) {
            return null;
        }
        return new InternalUsageRow(
                sourceKey,
                sourceName,
                sourceKind,
                tool,
                category == null ? "other" : category,
                // E-mail addresses are case-insensitive in practice; one person must not split in two.
                employeeEmail.toLowerCase(Locale.ROOT),
                employeeName,
                teamName,
                provider,
                model,
                inputTokens,
                cachedInputTokens == null ? 0 : cachedInputTokens,
                outputTokens,
                costBasis,
                ts == null ? receivedAt : ts,
                UsageVocabulary.BASIS_SUBSCRIPTION.equals(costBasis) ? null : costUsd,
                externalId);
    }
}
