package dev.spendline.streams.experiment;

import dev.spendline.contracts.experiment.ShadowDecision;
import java.util.ArrayList;
import java.util.List;

/**
 * The shadow decisions of one guardrail on one variant, newest first, at most {@link #MAX_KEPT}:
 * enough for the story of an experiment, bounded however often a variant crosses the line.
 */
public record DecisionHistory(List<ShadowDecision> decisions) {

    static final int MAX_KEPT = 20;

    public DecisionHistory {
        decisions = List.copyOf(decisions);
    }

    static final DecisionHistory EMPTY = new DecisionHistory(List.of());

    /** The newest decision if it is still open. */
    ShadowDecision open() {
        return decisions.isEmpty() || !decisions.get(0).open() ? null : decisions.get(0);
    }

    DecisionHistory withNew(ShadowDecision decision) {
        List<ShadowDecision> list = new ArrayList<>(decisions.size() + 1);
        list.add(decision);
        list.addAll(decisions.subList(0, Math.min(decisions.size(), MAX_KEPT - 1)));
        return new DecisionHistory(list);
    }

    /** The newest decision replaced (e.g. by its cleared copy). */
    DecisionHistory withNewestReplaced(ShadowDecision decision) {
        List<ShadowDecision> list = new ArrayList<>(decisions);
        list.set(0, decision);
        return new DecisionHistory(list);
    }
}
