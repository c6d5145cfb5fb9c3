package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import java.util.List;

/**
 * How a question was read: the one tool call that answers it, the reading in words, the notes on
 * every choice made for the asker (a default, a typo, an ambiguity), or why it cannot be answered.
 *
 * @param range the period asked about, as asked (null for budgets and alerts, which are "now")
 * @param focus a value the question named that the tool cannot filter on; the answer quotes its row
 * @param highestFirst margin rows are listed lowest first; true when the question wants the highest
 * @param shown how many rows the answer names in words
 * @param write the change the question asks for instead of figures ({@link WriteIntents}); null for a reading
 */
record Interpretation(
        boolean answered,
        Metric metric,
        ToolCall call,
        TimeRange range,
        String reading,
        List<String> notes,
        Focus focus,
        boolean highestFirst,
        int shown,
        String reason,
        WriteIntent write) {

    /** One named value of one dimension. */
    record Focus(Dimension dimension, String value) {}

    Interpretation {
        notes = List.copyOf(notes);
    }

    static Interpretation unanswered(String reason, List<String> notes) {
        return new Interpretation(false, null, null, null, null, notes, null, false, 0, reason, null);
    }

    /** A request for a change: not answered by any read tool; the reason is what Ask says instead. */
    static Interpretation write(WriteIntent write) {
        String reason = write.budget() == null
                ? write.reply()
                : QuestionWords.READS_ONLY + "; the budget asked for is "
                        + write.budget().words() + ", to prepare and confirm";
        return new Interpretation(false, null, null, null, null, write.notes(), null, false, 0, reason, write);
    }
}
