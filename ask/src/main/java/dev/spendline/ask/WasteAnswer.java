package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.kind;
import static dev.spendline.ask.AnswerWriter.label;
import static dev.spendline.ask.AnswerWriter.narrowing;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteRow;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer of {@code top_waste} in words: the waste in total and the top kinds and names.
 */
final class WasteAnswer {

    private WasteAnswer() {}

    static String write(Interpretation reading, TopWasteReport r) {
        StringBuilder s = new StringBuilder("Waste" + narrowing(reading) + ", ")
                .append(Words.period(reading.range()))
                .append(": ");
        if (r.wastefulCalls() == 0) {
            return s.append("none found in ")
                    .append(Words.money(r.spendUsd()))
                    .append(" of product spend.")
                    .toString();
        }
        s.append(Words.money(r.wasteUsd()))
                .append(" in ")
                .append(Words.count(r.wastefulCalls()))
                .append(r.wastefulCalls() == 1 ? " wasteful call" : " wasteful calls")
                .append(" of ")
                .append(Words.money(r.spendUsd()))
                .append(" spend")
                .append(r.wastePercent() == null ? "" : " (" + Words.percent(r.wastePercent()) + ")");
        List<String> kinds = r.kinds().stream()
                .map(k -> kind(k.kind()) + " " + Words.money(k.costUsd()) + " (" + Words.count(k.calls()) + ")")
                .toList();
        s.append(". By kind: ").append(String.join(", ", kinds));
        if (r.by() != null) {
            List<WasteRow> rows = new ArrayList<>(r.rows());
            if (reading.focus() != null) {
                rows.removeIf(x -> !reading.focus().value().equals(x.value()));
                s.append(". ").append(Words.value(reading.focus().value()));
                if (rows.isEmpty()) {
                    return s.append(" had none of it.").toString();
                }
                s.append(": ");
            } else {
                s.append(". Top by kind and ")
                        .append(Words.noun(Dimension.of(dev.spendline.contracts.query.UsageKind.PRODUCT, r.by())))
                        .append(": ");
            }
            s.append(String.join(
                    ", ",
                    rows.subList(0, Math.min(reading.shown(), rows.size())).stream()
                            .map(x -> (reading.focus() != null ? "" : label(x.value()) + " ") + kind(x.kind()) + " "
                                    + Words.money(x.costUsd()))
                            .toList()));
        }
        return s.append('.').toString();
    }
}
