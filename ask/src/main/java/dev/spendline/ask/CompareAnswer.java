package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.figure;
import static dev.spendline.ask.AnswerWriter.label;

import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.query.SpendMetric;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The answer of {@code compare} in words: the two periods' totals and change, then the rows that
 * changed most.
 */
final class CompareAnswer {

    private CompareAnswer() {}

    static String write(Interpretation reading, CompareReport r) {
        SpendMetric metric = SpendMetric.parse(r.compared());
        java.util.function.Function<BigDecimal, String> fig =
                v -> metric == null ? (v == null ? "n/a" : Words.money(v)) : figure(metric, v);
        StringBuilder s = new StringBuilder(
                        reading.reading().replaceFirst("^Read as: ", "").replaceAll("\\.$", ""))
                .append(": ")
                .append(fig.apply(r.totals().current()))
                .append(" against ")
                .append(fig.apply(r.totals().base()))
                .append(change(r.totals(), fig));
        List<String> parts = new ArrayList<>();
        for (CompareRow row :
                r.rows().subList(0, Math.min(reading.shown(), r.rows().size()))) {
            parts.add(label(row.value()) + " " + fig.apply(row.current()) + " from " + fig.apply(row.base())
                    + change(row, fig));
        }
        if (!parts.isEmpty()) {
            s.append("; ").append(String.join(", ", parts));
        }
        if (!r.grewMost().isEmpty()) {
            s.append("; grew most: ")
                    .append(r.grewMost().stream().map(AnswerWriter::label).collect(Collectors.joining(", ")));
        }
        if (!r.fellMost().isEmpty()) {
            s.append("; fell most: ")
                    .append(r.fellMost().stream().map(AnswerWriter::label).collect(Collectors.joining(", ")));
        }
        return s.append('.').toString();
    }

    private static String change(CompareRow row, java.util.function.Function<BigDecimal, String> fig) {
        if (row.change() == null) {
            return "";
        }
        String sign = row.change().signum() > 0 ? "+" : row.change().signum() < 0 ? "-" : "±";
        String amount = fig.apply(row.change().abs());
        String percent = row.changePercent() == null
                ? ""
                : ", " + (row.changePercent().signum() > 0 ? "+" : "")
                        + row.changePercent().toPlainString() + " %";
        return " (" + sign + amount + percent + ")";
    }
}
