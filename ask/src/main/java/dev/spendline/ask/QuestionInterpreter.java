package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.tools.ReadTool;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;

/**
 * Reads a question in English into exactly one read tool call, deterministically: the same
 * question, vocabulary and moment always give the same call. Plain Java, no model and no network.
 * The rules (metric words, dimension words, time phrases, defaults, typos, ambiguity) are
 * documented in docs/ask.md; every choice the asker did not spell out is stated in a note.
 *
 * <p>It only coordinates: a change asked for goes to {@link WriteIntents}; otherwise {@link Reading}
 * runs the reading stages, {@link #tool} is the intent, and the tool's {@link CallBuilder} builds
 * the call. The words are in {@link QuestionWords}.
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
        this.matcher = EntityMatcher.of(vocabulary);
        this.writes = new WriteIntents(matcher);
        this.correction = VocabularyCorrection.of(LEXICON, vocabulary);
        this.now = now;
    }

    /** One call builder per read tool; the two margin tools share one, which picks by the grouping. */
    private static final Map<ReadTool, CallBuilder> CALLS = calls();

    private static Map<ReadTool, CallBuilder> calls() {
        Map<ReadTool, CallBuilder> calls = new EnumMap<>(ReadTool.class);
        CallBuilder margin = new MarginCall();
        CallBuilder status = new StatusCall();
        calls.put(ReadTool.SPEND_BY, new SpendCall());
        calls.put(ReadTool.COMPARE, new CompareCall());
        calls.put(ReadTool.MARGIN_BY_CUSTOMER, margin);
        calls.put(ReadTool.MARGIN_BY_FEATURE, margin);
        calls.put(ReadTool.TOP_WASTE, new WasteCall());
        calls.put(ReadTool.SAVINGS_RECOMMENDATIONS, new SavingsCall());
        calls.put(ReadTool.BUDGET_STATUS, status);
        calls.put(ReadTool.ACTIVE_ALERTS, status);
        if (!calls.keySet().containsAll(EnumSet.allOf(ReadTool.class))) {
            throw new IllegalStateException("a read tool without a call builder");
        }
        return Map.copyOf(calls);
    }

    /** The reading of a question; never null, never an exception for any text. */
    Interpretation interpret(String question) {
        // A change asked for is never read as figures of another question: it gets the change's form.
        WriteIntent write = writes.read(question);
        if (write != null) {
            return Interpretation.write(write);
        }
        Reading.Outcome read = Reading.read(matcher, correction, now, WriteIntents.withoutDeniedChange(question));
        if (read.refused() != null) {
            return read.refused();
        }
        Reading reading = read.reading();
        if (reading.asked == Metric.WASTE && reading.comparing) {
            return Interpretation.unanswered(
                    "comparisons are of spend or margin; waste is reported for one period at a time"
                            + " (ask for waste this month, then last month)",
                    reading.notes);
        }
        return CALLS.get(tool(reading.asked, reading.comparing)).build(reading, reading.asked);
    }

    /**
     * The read tool that answers a measure (its {@link Metric#tool}): a comparison of spend or margin
     * is {@code compare}; margin is listed under {@code margin_by_customer}, its builder picks the
     * feature tool when the grouping says so.
     */
    static ReadTool tool(Metric metric, boolean comparing) {
        if (comparing && (metric.isSpendBy() || metric == Metric.MARGIN)) {
            return ReadTool.COMPARE;
        }
        return metric == Metric.MARGIN ? ReadTool.MARGIN_BY_CUSTOMER : metric.tool;
    }
}
