package dev.spendline.contracts.savings;

import java.math.BigDecimal;

/**
 * One thing a workspace could change to spend less.
 *
 * @param id stable for the same kind and feature, workflow or customer, whatever the period
 * @param estimatedMonthlySavingUsd in US dollars per 30 days, rounded to the cent
 * @param estimateMethod how the estimate was made, with its figures, in words
 */
public record Recommendation(
        String id,
        RecommendationKind kind,
        String title,
        RecommendationEvidence evidence,
        BigDecimal estimatedMonthlySavingUsd,
        String estimateMethod,
        SuggestedAction action) {

    public Recommendation withAction(SuggestedAction other) {
        return new Recommendation(id, kind, title, evidence, estimatedMonthlySavingUsd, estimateMethod, other);
    }
}
