package dev.spendline.streams.query;

import dev.spendline.contracts.budget.Budget;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Finds the local budget store ({@link Budget#key} → budget) that holds a workspace. */
@FunctionalInterface
public interface BudgetStoreLocator {

    /**
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException when the store is not
     *     queryable right now
     */
    ReadOnlyKeyValueStore<String, Budget> budgets(String workspaceId);
}
