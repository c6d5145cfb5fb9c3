package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.narrowing;

import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.SavingsReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer of {@code savings_recommendations} in words: what was found and the monthly saving of each.
 */
final class SavingsAnswer {

    private SavingsAnswer() {}

    static String write(Interpretation reading, SavingsReport r) {
        StringBuilder s = new StringBuilder("Savings recommendations" + narrowing(reading) + " from ")
                .append(Words.period(reading.range()))
                .append(": ");
        if (r.found() == 0) {
            return s.append("none; nothing in that period suggests a saving.").toString();
        }
        s.append(r.found())
                .append(" found, up to ")
                .append(Words.money(r.totalEstimatedMonthlySavingUsd()))
                .append(" a month for the ")
                .append(r.recommendations().size())
                .append(" listed (they can overlap)");
        List<String> parts = new ArrayList<>();
        int i = 1;
        for (Recommendation rec : r.recommendations()) {
            parts.add(
                    i++ + ". " + rec.title() + ": about " + Words.money(rec.estimatedMonthlySavingUsd()) + " a month");
        }
        return s.append(". ").append(String.join("; ", parts)).append('.').toString();
    }
}
