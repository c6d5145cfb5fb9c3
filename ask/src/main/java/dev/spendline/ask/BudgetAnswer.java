package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.narrowing;

import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answer of {@code budget_status} in words: each budget's use of its limit and its forecast.
 */
final class BudgetAnswer {

    private BudgetAnswer() {}

    static String write(Interpretation reading, BudgetStatusReport r) {
        StringBuilder s = new StringBuilder("Budgets" + narrowing(reading) + " as of ")
                .append(Words.moment(r.asOf()))
                .append(": ");
        if (r.budgets().isEmpty()) {
            return s.append("no budgets are set.").toString();
        }
        s.append(r.exceeded())
                .append(" exceeded, ")
                .append(r.warning())
                .append(" warning, ")
                .append(r.ok())
                .append(" OK");
        List<String> parts = new ArrayList<>();
        for (BudgetStatus b : r.budgets()) {
            String scope = b.budget().scope() == BudgetScope.WORKSPACE
                    ? "whole workspace"
                    : b.budget().scope().name().toLowerCase(Locale.ROOT).replace("tenant", "customer") + " "
                            + Words.value(b.budget().scopeValue());
            parts.add(b.budget().name() + " (" + scope + ", "
                    + b.budget().period().name().toLowerCase(Locale.ROOT)
                    + "): " + Words.money(b.spentUsd()) + " of "
                    + Words.money(b.budget().limitUsd()) + " ("
                    + Words.percent(b.percentUsed()) + "), " + b.state()
                    + (b.forecastUsd() == null ? "" : ", forecast " + Words.money(b.forecastUsd())));
        }
        return s.append(". ").append(String.join("; ", parts)).append('.').toString();
    }
}
