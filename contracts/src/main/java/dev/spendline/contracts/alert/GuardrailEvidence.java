package dev.spendline.contracts.alert;

import dev.spendline.contracts.experiment.ShadowDecision;
import java.time.Instant;

/**
 * Evidence of an {@link AlertType#EXPERIMENT_GUARDRAIL} alert: the shadow decision itself. It
 * starts at the decision and has no end: it resolves when the variant is back under the threshold
 * or the guardrail is removed.
 *
 * @param shadowDecision what the shadow guardrail would have done, and why
 */
public record GuardrailEvidence(ShadowDecision shadowDecision) implements AlertEvidence {

    @Override
    public Instant periodStart() {
        return shadowDecision.decidedAt();
    }

    /** No end: see the class comment. */
    @Override
    public Instant periodEnd() {
        return null;
    }

    /** The variant's calls at the decision. */
    @Override
    public Long calls() {
        return shadowDecision.variantCalls();
    }
}
