package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.narrowing;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answer of {@code active_alerts} in words: how many and the most severe first.
 */
final class AlertAnswer {

    private AlertAnswer() {}

    static String write(Interpretation reading, ActiveAlertsReport r) {
        StringBuilder s = new StringBuilder("Active alerts" + narrowing(reading) + " as of ")
                .append(Words.moment(r.asOf()))
                .append(": ");
        if (r.alerts().isEmpty()) {
            s.append("none");
        } else {
            s.append(r.alerts().size()).append(" — ");
            List<String> parts = new ArrayList<>();
            for (Alert a : r.alerts()) {
                parts.add(a.severity() + " "
                        + a.type().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": "
                        + a.message().replaceAll("[.]$", ""));
            }
            s.append(String.join("; ", parts));
        }
        if (!r.snoozed().isEmpty()) {
            s.append(" (").append(r.snoozed().size()).append(" more snoozed)");
        }
        return s.append('.').toString();
    }
}
