package dev.spendline.contracts.experiment;

import java.util.List;

/**
 * One experiment: its variants (control first, then by name), its guardrail if it has one, and
 * the guardrail's shadow decisions, newest first.
 */
public record ExperimentSummary(
        String experimentId,
        List<VariantStats> variants,
        ExperimentGuardrail guardrail,
        List<ShadowDecision> shadowDecisions) {

    public VariantStats variant(String name) {
        return variants.stream()
                .filter(v -> v.variant().equals(name))
                .findFirst()
                .orElse(null);
    }
}
