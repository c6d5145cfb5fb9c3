package dev.spendline.query.budgets;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetDraft;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.ids.ReadableIds;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.time.Clock;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Creating a budget: the one code path behind {@code POST /api/v1/budgets} and the
 * {@code create_budget} write action, so both validate, limit and store budgets identically.
 */
public final class BudgetCreation {

    /** Enough for every feature and customer that matters; keeps budget_status one quick read. */
    public static final int MAX_BUDGETS = 100;

    private static final String ID_PREFIX = "bud_";

    private final SettingsWriter writer;
    private final Queries queries;
    private final Clock clock;

    BudgetCreation(SettingsWriter writer, Queries queries, Clock clock) {
        this.clock = clock;
        this.writer = writer;
        this.queries = queries;
    }

    /**
     * Reads a budget request (a JSON object) strictly; see {@link BudgetRequestReader}.
     *
     * @param otherFields fields the caller reads itself, not reported as unknown
     * @throws InvalidBudgetException listing every problem
     */
    public static BudgetDraft read(JsonNode body, Set<String> otherFields) {
        return BudgetRequestReader.read(body, otherFields);
    }

    /** {@code bud_} and 20 characters from a 32-letter alphabet: 100 random bits. */
    public String newId() {
        return ReadableIds.next(ID_PREFIX);
    }

    /** Whether {@code id} has the form {@link #newId} gives. */
    public static boolean isId(String id) {
        return ReadableIds.matches(ID_PREFIX, id);
    }

    /**
     * @throws BudgetLimitReachedException when the workspace already has {@link #MAX_BUDGETS}
     */
    public void requireRoom(String workspaceId) {
        if (queries.answer(QueryType.BUDGET_STATUS, BudgetStatusQuery.all(workspaceId, clock.instant()))
                        .budgets()
                        .size()
                >= MAX_BUDGETS) {
            throw new BudgetLimitReachedException(MAX_BUDGETS);
        }
    }

    /**
     * Creates (or, with an id that exists, replaces) a budget in the caller's workspace: checks the
     * limit, then writes the definition to the compacted budgets topic. Writing under a given id
     * makes a retry after an unacknowledged write land on the same budget instead of a second one.
     *
     * @throws BudgetLimitReachedException at {@link #MAX_BUDGETS}
     * @throws dev.spendline.query.settings.SettingsUnavailableException when Kafka does not acknowledge
     */
    public Budget create(Principal principal, BudgetDraft draft, String id) {
        requireRoom(principal.workspaceId());
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION,
                principal.workspaceId(),
                id,
                draft.name(),
                draft.scope(),
                draft.scopeValue(),
                draft.period(),
                draft.limitUsd(),
                clock.instant(),
                principal.credential().id());
        writer.put(Topics.BUDGETS, budget.workspaceId(), budget.key(), budget);
        return budget;
    }
}
