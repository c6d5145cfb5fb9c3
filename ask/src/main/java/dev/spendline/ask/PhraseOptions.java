package dev.spendline.ask;

import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;

/**
 * The options a question names by phrase (see {@link AskPhrases}), read once from the text without
 * the workspace's names: a reading stage's immutable fact. Null or false when not named.
 *
 * @param overPeriod in a comparison, the period the change is measured over ("month over month")
 * @param spendMetric a spend metric other than cost ("error rate", "latency")
 * @param ascending smallest first
 * @param newestFirst a series newest period first
 * @param grain the period rows are grouped by ("daily", "per week", "hour by hour")
 * @param trend a trend is asked for ("over time"), so rows per period
 * @param wasteKind one kind of waste
 * @param savingsKind one kind of savings recommendation
 * @param budgetState budgets in one state
 * @param alertSeverity alerts of one severity
 * @param alertType alerts of one type
 * @param workspaceWord the question says "workspace", "overall"…: no grouping wanted
 */
record PhraseOptions(
        String overPeriod,
        SpendMetric spendMetric,
        boolean ascending,
        boolean newestFirst,
        TimeGrain grain,
        boolean trend,
        String wasteKind,
        String savingsKind,
        String budgetState,
        String alertSeverity,
        String alertType,
        boolean workspaceWord) {

    /** No option named: what a question refused before its options were read carries. */
    static final PhraseOptions NONE =
            new PhraseOptions(null, null, false, false, null, false, null, null, null, null, null, false);

    /** The options of {@code rest}, the question without its period and the workspace's names. */
    static PhraseOptions read(String rest, boolean comparing) {
        String overPeriod = comparing ? AskPhrases.overPeriod(rest) : null;
        // In a comparison, "fastest" and "slowest" are about growth, not latency.
        String options = comparing
                ? AskPhrases.withoutComparison(rest).replaceAll("\\b(?:fastest|quickest|slowest|most|least)\\b", " ")
                : rest;
        return new PhraseOptions(
                overPeriod,
                AskPhrases.metric(options),
                AskPhrases.ascending(options),
                AskPhrases.newestFirst(options),
                AskPhrases.grain(options),
                AskPhrases.trend(options),
                AskPhrases.wasteKind(options),
                AskPhrases.savingsKind(options),
                AskPhrases.budgetState(options),
                AskPhrases.alertSeverity(options),
                AskPhrases.alertType(options),
                options.matches(".*\\b(?:workspace|workspace-wide|overall|company-wide|global)\\b.*"));
    }
}
