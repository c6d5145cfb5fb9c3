package dev.spendline.ask;

import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The phrases that choose a read tool's options rather than its data: the metric a ranking is by,
 * the order, a period grain, a comparison, and the kinds, states, severities and types the tools
 * filter on. Each finder reads the normalised question with the workspace's own names taken out
 * (a team called "growth" is not a comparison). First match in the order listed wins, so the more
 * specific phrase ("cost per 1k tokens") comes before the general one ("tokens").
 */
final class AskPhrases {

    private AskPhrases() {}

    /** Requests that are not questions about the workspace's data at all. */
    static final Pattern OFF_TOPIC = Pattern.compile("\\b(poem|poems|haiku|limerick|song|lyrics|joke|jokes|story"
            + "|stories|essay|riddle|weather|recipe|recipes|hello|hi there|good morning|how are you|who are you"
            + "|what are you|your name|tell me about yourself|meaning of life|capital of|translate|a good book"
            + "|a book|a movie|a film|what is an? (?!budget|alert|margin|waste)[a-z]+ [a-z]+ model|what is an? llm"
            + "|what does llm stand|explain (?:what|how)|who won|stock price|sing|chat with me|let s chat|thank you"
            + "|thanks|funny|fun fact|in plain english|define|definition of"
            + "|what(?: is|s| are) an? (?:token|llm|large language model|prompt|embedding|context window)"
            + "|what are tokens)\\b");

    private static final List<Map.Entry<Pattern, SpendMetric>> METRICS = List.of(
            Map.entry(
                    Pattern.compile("\\bper (?:1k|1 ?000|1,000|thousand|k|one thousand) tokens?\\b|\\bper token\\b"
                            + "|\\bper 1k\\b|\\bcost per tokens?\\b"),
                    SpendMetric.COST_PER_1K_TOKENS),
            Map.entry(
                    Pattern.compile("\\b(?:cost|spend|price|dollars?)? ?per (?:call|request|completion|invocation)\\b"
                            + "|\\b(?:average|avg|mean|typical|unit) (?:cost|spend|price)\\b|\\bunit costs?\\b"),
                    SpendMetric.COST_PER_CALL),
            Map.entry(
                    Pattern.compile(
                            "\\b(?:error|failure|fail|failed call|error-) ?rates?\\b|\\b(?:share|percentage|percent"
                                    + "|%) of (?:calls )?(?:errors|failures|failed calls)\\b|\\bhow often\\b.*\\bfail"),
                    SpendMetric.ERROR_RATE),
            Map.entry(
                    Pattern.compile("\\b(?:latency|latencies|response times?|slowest|fastest|slow|slower|faster"
                            + "|quickest|duration)\\b|\\bhow long\\b"),
                    SpendMetric.LATENCY),
            Map.entry(
                    Pattern.compile(
                            "\\bcache(?:d)?[ -]?(?:read )?(?:write|creation|written) tokens\\b|\\bcache writes\\b"),
                    SpendMetric.CACHE_WRITE_TOKENS),
            Map.entry(
                    Pattern.compile("\\bcache(?:d)?[ -]?(?:read )?tokens\\b|\\bcache reads\\b|\\bcached input tokens\\b"
                            + "|\\bcache hits?\\b"),
                    SpendMetric.CACHE_READ_TOKENS),
            Map.entry(Pattern.compile("\\b(?:input|prompt) tokens\\b"), SpendMetric.INPUT_TOKENS),
            Map.entry(Pattern.compile("\\b(?:output|completion|generated) tokens\\b"), SpendMetric.OUTPUT_TOKENS),
            Map.entry(
                    Pattern.compile("\\b(?:how many|number of|count of|most|fewest|more|which|top)\\b[a-z ]{0,20}"
                            + "\\b(?:errors|failures|failed calls|failed requests)\\b|\\berror counts?\\b"
                            + "|\\b(?:errors|failures|failed calls) (?:by|per)\\b"),
                    SpendMetric.ERRORS),
            Map.entry(
                    Pattern.compile("\\b(?:how many|number of|count of|most|fewest)\\b[a-z ]{0,20}\\b(?:retries|retried"
                            + " calls)\\b|\\bretry counts?\\b|\\bretried calls\\b|\\bretries (?:by|per)\\b"),
                    SpendMetric.RETRIES));

    /**
     * The metrics read by their names in words ({@link Lexicon#METRIC_NAMES}): those with no phrase
     * above, so a new metric is read with no edit. Cost, calls and tokens are measure words ({@link
     * Metric}), not phrases.
     */
    private static final List<Map.Entry<Pattern, SpendMetric>> METRICS_BY_NAME = Lexicon.METRIC_NAMES.stream()
            .filter(named -> METRICS.stream().noneMatch(m -> m.getValue() == named.getValue()))
            .filter(named -> !Set.of(SpendMetric.COST, SpendMetric.CALLS, SpendMetric.TOKENS)
                    .contains(named.getValue()))
            .toList();

    /** The metric a phrase names, or null (then the measure word decides: tokens, calls or cost). */
    static SpendMetric metric(String text) {
        for (List<Map.Entry<Pattern, SpendMetric>> phrases : List.of(METRICS, METRICS_BY_NAME)) {
            for (Map.Entry<Pattern, SpendMetric> m : phrases) {
                if (m.getKey().matcher(text).find()) {
                    return m.getValue();
                }
            }
        }
        return null;
    }

    private static final Pattern ASCENDING = Pattern.compile("\\b(?:cheapest|least expensive|least costly|lowest"
            + "|least|fewest|smallest|bottom|minimum|fastest|quickest|oldest first)\\b");

    /** Smallest first: "cheapest", "least", "fewest", "fastest". */
    static boolean ascending(String text) {
        return ASCENDING.matcher(text).find();
    }

    private static final Pattern NEWEST_FIRST =
            Pattern.compile("\\b(?:newest|latest|most recent)(?: day| week| month| period)? (?:first|on top)\\b"
                    + "|\\breverse (?:chronological|order)\\b");

    /** For a report by period: newest period first. */
    static boolean newestFirst(String text) {
        return NEWEST_FIRST.matcher(text).find();
    }

    private static final List<Map.Entry<Pattern, TimeGrain>> GRAINS = List.of(
            Map.entry(
                    Pattern.compile("\\b(?:hourly|hour by hour|hour-by-hour|per hour|per-hour|by hour"
                            + "|by the hour|each hour|every hour)\\b|\\bhour (?:on|over) hour\\b"),
                    TimeGrain.HOUR),
            Map.entry(
                    Pattern.compile("\\b(?:daily|day by day|day-by-day|per day|per-day|by day|each day|every day)\\b"
                            + "|\\bday (?:on|over) day\\b"),
                    TimeGrain.DAY),
            Map.entry(
                    Pattern.compile("\\b(?:weekly|week by week|week-by-week|per week|per-week|by week|each week"
                            + "|every week)\\b"),
                    TimeGrain.WEEK),
            Map.entry(
                    Pattern.compile("\\b(?:monthly|month by month|month-by-month|per month|per-month|by month"
                            + "|each month|every month)\\b"),
                    TimeGrain.MONTH));

    private static final Pattern TREND = Pattern.compile(
            "\\b(?:trend|trends|trending|over time|time series|timeline|history|evolution|evolve|evolved)\\b");

    /**
     * The grain a question asks for, "daily", "per week", "month by month"; null when none. After
     * the phrases above, each grain by its unit ({@link Lexicon#GRAIN_NAMES}): a new grain needs no edit.
     */
    static TimeGrain grain(String text) {
        for (List<Map.Entry<Pattern, TimeGrain>> phrases : List.of(GRAINS, Lexicon.GRAIN_NAMES)) {
            for (Map.Entry<Pattern, TimeGrain> g : phrases) {
                if (g.getKey().matcher(text).find()) {
                    return g.getValue();
                }
            }
        }
        return null;
    }

    /** "trend", "over time": a series whose grain follows the period's length. */
    static boolean trend(String text) {
        return TREND.matcher(text).find();
    }

    private static final Pattern COMPARE = Pattern.compile("\\b(?:vs|versus|compare|compared|comparing|comparison"
            + "|against|grew|grow|grows|growing|growth|grown|increase|increased|increases|increasing|decrease"
            + "|decreased|decreases|decreasing|rose|risen|rise|fell|fall|fallen|falling|dropped|drop|drops|declined"
            + "|decline|went up|went down|gone up|gone down|go up|go down|goes up|goes down|going up|going down|change|changed|changes|difference|delta"
            + "|(?:day|week|month|quarter|year) (?:over|on) (?:day|week|month|quarter|year)|mom|wow|yoy|qoq)\\b"
            // "more on gpt-4.1 this week than last week": "than" before a period compares.
            + "|" + QuestionWords.THAN_A_PERIOD);

    /** A comparison of two periods: "vs", "compared with", "grew", "month over month". */
    static boolean compare(String text) {
        return COMPARE.matcher(text).find();
    }

    /** The phrases of a comparison taken out, so "week over week" is not read as a weekly series. */
    static String withoutComparison(String text) {
        return COMPARE.matcher(text).replaceAll(" ");
    }

    private static final Pattern OVER_PERIOD = Pattern.compile("\\b(day|week|month|quarter|year) (?:over|on) \\1\\b");

    /** The unit of "week over week", "month over month"; null when the question has none. */
    static String overPeriod(String text) {
        Matcher m = OVER_PERIOD.matcher(text);
        if (m.find()) {
            return m.group(1);
        }
        if (text.matches(".*\\bmom\\b.*")) {
            return "month";
        }
        if (text.matches(".*\\bwow\\b.*")) {
            return "week";
        }
        return null;
    }

    private static final List<Map.Entry<Pattern, String>> WASTE_KINDS = List.of(
            Map.entry(Pattern.compile("\\bfailed (?:calls?|requests?)\\b|\\bfailures\\b|\\berrors?\\b"), "FAILED_CALL"),
            Map.entry(Pattern.compile("\\bretr(?:y|ies|ied)\\b"), "RETRY"),
            Map.entry(
                    Pattern.compile("\\bduplicate(?:s|d)?\\b|\\bduplicated steps?\\b|\\brepeated steps?\\b"),
                    "DUPLICATE_STEP"),
            Map.entry(
                    Pattern.compile("\\brun ?away\\b|\\brunaway\\b|\\bruns? that ran away\\b|\\bout of control\\b"),
                    "RUNAWAY_RUN"),
            Map.entry(Pattern.compile("\\bcache[- ]?miss(?:es)?\\b|\\buncached\\b|\\bcaching\\b"), "CACHE_MISS"),
            Map.entry(
                    Pattern.compile("\\boverkill\\b|\\boversized models?\\b|\\btoo (?:big|large|expensive|powerful)"
                            + " (?:a )?models?\\b"),
                    "MODEL_OVERKILL"));

    /** The phrases above, then each kind by its name in words ({@link Lexicon#WASTE_KIND_NAMES}). */
    private static final List<Map.Entry<Pattern, String>> ALL_WASTE_KINDS = java.util.stream.Stream.concat(
                    WASTE_KINDS.stream(), Lexicon.WASTE_KIND_NAMES.stream())
            .toList();

    /** The one waste kind named; null when none or several are. */
    static String wasteKind(String text) {
        return onlyOne(ALL_WASTE_KINDS, text);
    }

    private static final List<Map.Entry<Pattern, String>> SAVINGS_KINDS = List.of(
            Map.entry(Pattern.compile("\\bprompt caching\\b|\\bcaching\\b|\\bcache\\b"), "USE_PROMPT_CACHING"),
            Map.entry(
                    Pattern.compile("\\bcheaper models?\\b|\\bsmaller models?\\b|\\bdowngrad\\w*\\b|\\bswitch(?:ing)?"
                            + " models?\\b"),
                    "USE_CHEAPER_MODEL"),
            Map.entry(Pattern.compile("\\bretr(?:y|ies)\\b"), "REDUCE_RETRIES"),
            Map.entry(Pattern.compile("\\bfail(?:ing|ed) calls?\\b|\\berrors\\b|\\bfailures\\b"), "FIX_FAILING_CALLS"),
            Map.entry(Pattern.compile("\\bduplicate\\w*\\b"), "SKIP_DUPLICATE_STEPS"),
            Map.entry(Pattern.compile("\\brunaway\\b|\\brun ?away\\b"), "CAP_RUNAWAY_RUNS"),
            Map.entry(
                    Pattern.compile("\\b(?:protect|protecting|save|saving|keep) (?:the |our )?margins?\\b"
                            + "|\\bmargin protection\\b"),
                    "PROTECT_MARGIN"));

    /** The one kind of recommendation named; null when none or several are. */
    static String savingsKind(String text) {
        return onlyOne(SAVINGS_KINDS, text);
    }

    private static final Pattern NAMED = Pattern.compile("\\b(?:named|called|titled) (.+)$");

    /** A budget's name as the question gives it ("the budget named q4 pilot"); null when none. */
    static String budgetName(String text) {
        Matcher m = NAMED.matcher(text);
        return m.find() ? m.group(1).trim() : null;
    }

    private static final List<Map.Entry<Pattern, String>> BUDGET_STATES = List.of(
            Map.entry(Pattern.compile("\\b(?:exceeded|breached|blown|overspent)\\b"), "EXCEEDED"),
            Map.entry(
                    Pattern.compile("\\b(?:in warning|warning|warnings|at risk|close to (?:the |their )?limits?"
                            + "|nearing (?:the |their )?limits?)\\b"),
                    "WARNING"),
            Map.entry(
                    Pattern.compile("\\b(?:on track|within (?:the |their )?limits?|under (?:the |their )?limits?)\\b"),
                    "OK"));

    /** The budget state asked about: "exceeded", "at risk", "on track"; null when none. */
    static String budgetState(String text) {
        return onlyOne(BUDGET_STATES, text);
    }

    private static final List<Map.Entry<Pattern, String>> SEVERITIES = List.of(
            Map.entry(Pattern.compile("\\b(?:critical|severe|urgent|sev1|p1)\\b"), "CRITICAL"),
            Map.entry(Pattern.compile("\\b(?:warning|warnings|warn)\\b"), "WARNING"),
            Map.entry(Pattern.compile("\\b(?:info|informational)\\b"), "INFO"));

    static String alertSeverity(String text) {
        return onlyOne(SEVERITIES, text);
    }

    private static final List<Map.Entry<Pattern, String>> ALERT_TYPES = List.of(
            Map.entry(
                    Pattern.compile("\\berror[- ]?rate spikes?\\b|\\berror spikes?\\b|\\bspikes? in errors\\b"
                            + "|\\berror[- ]rate alerts?\\b"),
                    "ERROR_RATE_SPIKE"),
            Map.entry(
                    Pattern.compile("\\bbudget forecasts?\\b|\\bforecast alerts?\\b|\\bforecasts?\\b"),
                    "BUDGET_FORECAST"),
            Map.entry(
                    Pattern.compile("\\bbudget thresholds?\\b|\\bthreshold alerts?\\b|\\bthresholds?\\b"),
                    "BUDGET_THRESHOLD"),
            Map.entry(
                    Pattern.compile("\\banomal(?:y|ies|ous)\\b|\\bspend spikes?\\b|\\bspikes? in spend\\b"
                            + "|\\bunusual spend\\b"),
                    "SPEND_ANOMALY"),
            Map.entry(Pattern.compile("\\bguardrails?\\b|\\bexperiments?\\b"), "EXPERIMENT_GUARDRAIL"));

    static String alertType(String text) {
        String type = onlyOne(ALERT_TYPES, text);
        return type;
    }

    private static String onlyOne(List<Map.Entry<Pattern, String>> phrases, String text) {
        List<String> found = new ArrayList<>();
        for (Map.Entry<Pattern, String> p : phrases) {
            if (p.getKey().matcher(text).find() && !found.contains(p.getValue())) {
                found.add(p.getValue());
            }
        }
        return found.size() == 1 ? found.get(0) : null;
    }
}
