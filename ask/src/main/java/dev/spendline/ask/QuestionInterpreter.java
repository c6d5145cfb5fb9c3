package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.contracts.query.LastDays;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Reads a question in English into exactly one read tool call, deterministically: the same
 * question, vocabulary and moment always give the same call. Plain Java, no model and no network.
 * The rules (metric words, dimension words, time phrases, defaults, typos, ambiguity) are
 * documented in docs/ask.md; every choice the asker did not spell out is stated in a note.
 *
 * <p>Times are UTC: workspaces have no time zone setting yet, so "today" is the UTC day.
 */
final class QuestionInterpreter {

    /** Rows a list answer names when the question does not say how many. */
    static final int DEFAULT_LIMIT = 10;
    /** The period of spend, waste and savings questions that name none: the 30 days ending today. */
    static final int DEFAULT_DAYS = LastDays.DEFAULT;

    private final EntityMatcher matcher;
    private final WriteIntents writes;
    private final VocabularyCorrection correction;
    private final Instant now;

    /**
     * @param vocabulary the names seen in the workspace, per dimension
     * @param now the moment the question is asked
     * @param zone the workspace's time zone: UTC, the only one until workspaces have a setting
     */
    QuestionInterpreter(Vocabulary vocabulary, Instant now, ZoneId zone) {
        if (!ZoneOffset.UTC.equals(zone.normalized())) {
            throw new IllegalArgumentException("workspaces are in UTC until they have a time zone setting");
        }
        this.matcher = new EntityMatcher(vocabulary);
        this.writes = new WriteIntents(matcher);
        this.correction = new VocabularyCorrection(LEXICON, vocabulary);
        this.now = now;
    }

    /** The reading of a question; never null, never an exception for any text. */
    Interpretation interpret(String question) {
        // A change asked for is never read as figures of another question: it gets the change's form.
        WriteIntent write = writes.read(question);
        return write != null
                ? Interpretation.write(write)
                : new Reading(matcher, correction, now, WriteIntents.withoutDeniedChange(question)).interpret();
    }
}
