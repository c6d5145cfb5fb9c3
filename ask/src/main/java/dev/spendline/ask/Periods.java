package dev.spendline.ask;

import java.time.Instant;
import java.time.LocalDate;

/**
 * The reading stage of the period: the one a question names, or the two of a comparison in the
 * order current, base ("from September to October" compares October with September; "X compared to
 * last month" sets this month so far against last month). A reading stage's immutable fact.
 *
 * @param range the period read (the current one of a comparison), or null when none is named
 * @param second the base a comparison names, or null
 * @param comparing whether the question asks for a comparison ("vs", "compared to", "grew")
 * @param rest the text with the period phrases blanked out
 * @param refusal why the period cannot be read (then the rest is meaningless), or null
 */
record Periods(TimeRange range, TimeRange second, boolean comparing, String rest, String refusal) {

    /**
     * The periods of {@code text}, the normalised question; {@code withoutNames} is the same text
     * with the workspace's exact names taken out (a team called "growth" is not a comparison).
     */
    static Periods read(String text, String withoutNames, LocalDate today, Instant now) {
        TimePhrases.Found time = TimePhrases.find(text, today, now);
        boolean comparing = AskPhrases.compare(withoutNames);
        if (time.problem() != null) {
            return refused("Ask can't read the period: " + time.problem(), comparing);
        }
        if (time.second() != null && !comparing) {
            return refused(
                    "it names two periods; ask to compare them (\"October vs September\") or about one"
                            + " period at a time",
                    comparing);
        }
        TimeRange range = time.range();
        TimeRange second = time.second();
        TimeRange[] fromTo =
                comparing && second == null && range != null ? TimePhrases.fromToCompared(text, today) : null;
        if (fromTo != null) {
            // "change from September to October": October against September, not one period.
            range = fromTo[0];
            second = fromTo[1];
        }
        TimeRange current = comparing && second == null && range != null
                ? TimePhrases.currentAgainst(text, time.rest(), range, today)
                : null;
        if (current != null) {
            // "X compared to last month": last month is the base, this month so far the current.
            second = range;
            range = current;
        }
        return new Periods(range, second, comparing, time.rest(), null);
    }

    private static Periods refused(String reason, boolean comparing) {
        return new Periods(null, null, comparing, null, reason);
    }
}
