package dev.spendline.contracts.experiment;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * What a shadow guardrail would have done: stop {@code variant} at {@code decidedAt}, because its
 * cost per successful call was {@code increasePercent} above the control's. {@code clearedAt} is
 * set when the variant came back under the threshold (less hysteresis, see docs/experiments.md).
 * Nothing was blocked: {@code enforced} is always false.
 */
public record ShadowDecision(
        String guardrailId,
        String experimentId,
        String variant,
        String controlVariant,
        String wouldHave,
        boolean enforced,
        Instant decidedAt,
        BigDecimal variantCostPerSuccessUsd,
        BigDecimal controlCostPerSuccessUsd,
        BigDecimal increasePercent,
        BigDecimal maxIncreasePercent,
        long variantCalls,
        long controlCalls,
        String alertId,
        Instant clearedAt) {

    public boolean open() {
        return clearedAt == null;
    }

    /** This decision, cleared at {@code at}. */
    public ShadowDecision cleared(Instant at) {
        return new ShadowDecision(
                guardrailId,
                experimentId,
                variant,
                controlVariant,
                wouldHave,
                enforced,
                decidedAt,
                variantCostPerSuccessUsd,
                controlCostPerSuccessUsd,
                increasePercent,
                maxIncreasePercent,
                variantCalls,
                controlCalls,
                alertId,
                at);
    }
}
