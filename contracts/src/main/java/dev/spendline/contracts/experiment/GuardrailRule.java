package dev.spendline.contracts.experiment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The rule a guardrail applies, and the checks before one is created. Pure functions of the
 * variants' figures, shared by the topology (which evaluates the rule on every event) and the
 * write action (which checks the evidence at prepare and again at confirm).
 */
public final class GuardrailRule {

    /**
     * A variant that would have been stopped counts as back to normal only once its increase is
     * this many points under the threshold, so a variant hovering at the line does not open and
     * clear a decision on every call.
     */
    public static final BigDecimal HYSTERESIS_POINTS = BigDecimal.valueOf(5);

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private GuardrailRule() {}

    /**
     * A variant judged against the control.
     *
     * @param increasePercent how much more the variant pays per successful call, in percent of the
     *     control's (negative when it pays less), one decimal; null when the control paid nothing
     * @param exceeds the rule fires: the increase is above the threshold (or the control is free
     *     and the variant is not)
     * @param clears a stopped variant is back to normal: at least {@link #HYSTERESIS_POINTS} under
     *     the threshold
     */
    public record Comparison(
            BigDecimal variantCostPerSuccessUsd,
            BigDecimal controlCostPerSuccessUsd,
            BigDecimal increasePercent,
            boolean exceeds,
            boolean clears) {}

    /**
     * The variant compared with the control, or null when either has too little evidence to be
     * judged ({@link Experiments#MIN_CALLS_PER_VARIANT} calls and
     * {@link Experiments#MIN_SUCCESSES_PER_VARIANT} successes each, or the guardrail's own minimum
     * of calls if higher).
     */
    public static Comparison compare(VariantStats variant, VariantStats control, ExperimentGuardrail guardrail) {
        long minCalls = Math.max(Experiments.MIN_CALLS_PER_VARIANT, guardrail.minCallsPerVariant());
        if (!judgeable(variant, minCalls) || !judgeable(control, minCalls)) {
            return null;
        }
        BigDecimal variantCps = variant.costPerSuccessUsd();
        BigDecimal controlCps = control.costPerSuccessUsd();
        BigDecimal max = guardrail.maxIncreasePercent();
        if (control.costUsd().signum() == 0) {
            boolean exceeds = variant.costUsd().signum() > 0;
            return new Comparison(variantCps, controlCps, null, exceeds, !exceeds);
        }
        // Exact: variant.cost / variant.successes against control.cost / control.successes, cross-multiplied.
        BigDecimal ratio = variant.costUsd()
                .multiply(BigDecimal.valueOf(control.successes()))
                .multiply(HUNDRED)
                .divide(control.costUsd().multiply(BigDecimal.valueOf(variant.successes())), 12, RoundingMode.HALF_UP);
        BigDecimal increase = ratio.subtract(HUNDRED);
        boolean exceeds = increase.compareTo(max) > 0;
        boolean clears = increase.compareTo(max.subtract(HYSTERESIS_POINTS)) <= 0;
        return new Comparison(variantCps, controlCps, increase.setScale(1, RoundingMode.HALF_UP), exceeds, clears);
    }

    /**
     * Why a guardrail cannot be created on this experiment, in words; empty when it can. The
     * experiment must have been seen, must not be guarded already, and must have a
     * {@value Experiments#CONTROL} variant and at least one other variant with enough evidence.
     *
     * @param experiment the experiment as Spendline has seen it, or null when it never has
     */
    public static List<String> eligibilityProblems(String experimentId, ExperimentSummary experiment) {
        List<String> problems = new ArrayList<>();
        if (experiment == null || experiment.variants().isEmpty()) {
            problems.add("experiment '" + experimentId + "' has not been seen in any event: send events with"
                    + " metadata.experimentId and metadata.variant first");
            return problems;
        }
        if (experiment.guardrail() != null) {
            problems.add("experiment '" + experimentId + "' already has a guardrail ("
                    + experiment.guardrail().id() + ")");
        }
        long minCalls = Experiments.MIN_CALLS_PER_VARIANT;
        long minSuccesses = Experiments.MIN_SUCCESSES_PER_VARIANT;
        VariantStats control = experiment.variant(Experiments.CONTROL);
        if (control == null) {
            problems.add("no variant is named '" + Experiments.CONTROL + "': the guardrail compares every variant"
                    + " with the control");
        } else if (!judgeable(control, minCalls)) {
            problems.add("the control has " + control.calls() + " calls and " + control.successes()
                    + " successful calls; it needs at least " + minCalls + " and " + minSuccesses);
        }
        List<VariantStats> others = experiment.variants().stream()
                .filter(v -> !v.variant().equals(Experiments.CONTROL))
                .toList();
        if (others.isEmpty()) {
            problems.add("the experiment has no variant other than the control");
        } else if (others.stream().noneMatch(v -> judgeable(v, minCalls))) {
            VariantStats best = others.stream()
                    .max(Comparator.comparingLong(VariantStats::calls))
                    .orElseThrow();
            problems.add("no variant other than the control has enough evidence: the most has " + best.calls()
                    + " calls and " + best.successes() + " successful calls ('" + best.variant()
                    + "'); a variant needs at least " + minCalls + " and " + minSuccesses);
        }
        return problems;
    }

    private static boolean judgeable(VariantStats stats, long minCalls) {
        return stats.calls() >= minCalls && stats.successes() >= Experiments.MIN_SUCCESSES_PER_VARIANT;
    }
}
