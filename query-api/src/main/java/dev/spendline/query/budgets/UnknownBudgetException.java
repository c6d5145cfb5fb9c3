package dev.spendline.query.budgets;

/** No budget with this id in the caller's workspace (or not visible yet); answered 404. */
final class UnknownBudgetException extends RuntimeException {
    UnknownBudgetException(String id) {
        super("No budget " + id + " in this workspace", null, false, false);
    }
}
