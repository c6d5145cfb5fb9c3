package dev.spendline.query.plan;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.workspaces.Plan;

/**
 * The one rule for writes: reading (reports, Ask, read tools, exports) works on every plan;
 * changing budgets, snoozes and experiment guardrails is part of the Team plan. Every surface that
 * writes asks here: the REST budgets and snoozes, prepare and confirm (and so Ask, the CLI, MCP and
 * the dashboard's forms, which all go through them), and the dashboard and MCP when they decide
 * whether to offer a write at all. A refusal is 403 {@value #CODE}.
 */
public final class PlanGate {

    /** The stable problem code of a refusal, on every surface (REST, MCP tool errors, CLI exit code 4). */
    public static final String CODE = "plan_required";

    private PlanGate() {}

    /** Whether {@code principal}'s workspace may write (create or delete budgets, snooze, guardrails). */
    public static boolean allowsWrites(Principal principal) {
        return principal != null && principal.plan() == Plan.TEAM;
    }

    /**
     * Refuses a write below Team, before anything is read or changed.
     *
     * @throws ProblemException 403 {@value #CODE}
     */
    public static void requireWrites(Principal principal) {
        if (!allowsWrites(principal)) {
            Plan plan = principal == null ? null : principal.plan();
            throw new ProblemException(
                    403,
                    CODE,
                    "Write actions need the Team plan",
                    "This workspace is on the " + plan + " plan. Writing (creating or deleting budgets, snoozing"
                            + " alerts, creating experiment guardrails, directly or through prepare and confirm) is"
                            + " part of the Team plan; reading works on every plan.");
        }
    }
}
