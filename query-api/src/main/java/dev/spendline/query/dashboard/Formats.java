package dev.spendline.query.dashboard;

import dev.spendline.contracts.text.Figures;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Numbers for people, the same on every page and in Ask's answers: {@link Figures} (contracts) writes
 * them, this bean lends them to templates as {@code ${@fmt.money(row.cost)}} and adds the report
 * forms' date fields.
 */
@Component("fmt")
public final class Formats extends Figures {

    /**
     * What a report form's {@code from} field shows: the value as given, else the start the report
     * used (by default the first of the last 30 days, {@code LastDays}), so the field holds the
     * real range as a value a person can edit, never a sample date that looks like one.
     */
    public String fromField(String given, Instant from) {
        return given != null && !given.isEmpty() ? given : edge(from, false);
    }

    /** The {@code to} field likewise: a date is included, so an edge at midnight shows the day before. */
    public String toField(String given, Instant to) {
        return given != null && !given.isEmpty() ? given : edge(to, true);
    }
}
