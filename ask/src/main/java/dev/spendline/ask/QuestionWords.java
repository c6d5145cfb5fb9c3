package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The words the interpreter reads besides those derived from the contracts' enums ({@link Lexicon}:
 * dimension words and the dimension orders): grouping and usage words, everyday words never read as
 * names, option words, the questions no read tool answers and "top N" phrases. The reading
 * stages ({@link Reading}) and the call builders take their words from here; {@link #LEXICON} is what
 * typo correction matches against.
 */
final class QuestionWords {

    private QuestionWords() {}
    /** Words before a dimension word that make it the grouping ("by feature", "which model"). */
    static final Set<String> GROUPING = Set.of("by", "per", "each", "every", "which", "what", "across", "among");

    static final Set<String> INTERNAL_WORDS = Set.of("internal", "internally", "in-house");
    static final Set<String> PRODUCT_WORDS =
            Set.of("product", "products", "production", "prod", "customer-facing", "app", "apps");
    static final Set<String> HIGHEST =
            Set.of("most", "best", "highest", "top", "biggest", "largest", "greatest", "healthiest");
    static final Set<String> LOWEST =
            Set.of("least", "worst", "lowest", "unprofitable", "losing", "loss", "losses", "negative", "smallest");

    /** Everyday words never read as a name by a typo ("that" is not the feature "chat"). */
    static final Set<String> COMMON = Set.copyOf(List.of(
            "a",
            "about",
            "all",
            "and",
            "any",
            "are",
            "been",
            "biggest",
            "by",
            "can",
            "could",
            "did",
            "do",
            "does",
            "each",
            "every",
            "for",
            "from",
            "give",
            "has",
            "have",
            "how",
            "i",
            "in",
            "into",
            "is",
            "it",
            "its",
            "last",
            "list",
            "many",
            "me",
            "more",
            "most",
            "much",
            "my",
            "of",
            "on",
            "open",
            "our",
            "over",
            "past",
            "please",
            "show",
            "so",
            "some",
            "than",
            "that",
            "the",
            "their",
            "them",
            "there",
            "these",
            "they",
            "this",
            "those",
            "to",
            "total",
            "top",
            "us",
            "usage",
            "use",
            "used",
            "using",
            "was",
            "we",
            "were",
            "what",
            "when",
            "where",
            "which",
            "who",
            "whom",
            "whose",
            "why",
            "with",
            "you",
            "your",
            "currently",
            "current",
            "right",
            "now",
            "status",
            "state",
            "stand",
            "doing",
            "looking",
            "largest",
            "highest",
            "lowest",
            "least",
            "best",
            "worst",
            "since",
            "between",
            "during",
            "days",
            "weeks",
            "months",
            "week",
            "month",
            "quarter",
            "year",
            "today",
            "yesterday",
            "ranked",
            "rank",
            "break",
            "down",
            "breakdown",
            "split",
            "per",
            "across",
            "among",
            "versus",
            "active",
            "firing",
            "triggered",
            "summary",
            "overview",
            "tell",
            "want",
            "know",
            "there",
            "where",
            "ones",
            "one",
            "only",
            "just",
            "also",
            "again",
            "after",
            "before",
            "heaviest",
            "greatest",
            "healthiest",
            "smallest",
            "internal",
            "product",
            "coding",
            "agents",
            "agent",
            "spenders",
            "users",
            "money",
            "amount",
            "price",
            "prices",
            "paid",
            "pay",
            "paying",
            "check",
            "find",
            "exceeded",
            "over",
            "under",
            "near",
            "limit",
            "limits",
            "kind",
            "kinds",
            "type",
            "types",
            "compare",
            "forecast",
            "would",
            "should",
            "might",
            "will",
            "could"));

    /** Words of options (periods, metrics, order, comparisons): never read as a name by a typo. */
    static final Set<String> OPTION_WORDS = Set.of(
            "daily",
            "weekly",
            "monthly",
            "trend",
            "trends",
            "trending",
            "vs",
            "versus",
            "compared",
            "comparing",
            "comparison",
            "against",
            "grew",
            "growing",
            "grown",
            "increase",
            "increased",
            "decrease",
            "decreased",
            "dropped",
            "declined",
            "change",
            "changed",
            "difference",
            "rate",
            "rates",
            "latency",
            "average",
            "avg",
            "mean",
            "cheapest",
            "fewest",
            "fastest",
            "slowest",
            "errors",
            "error",
            "failures",
            "failed",
            "retried",
            "input",
            "output",
            "prompt",
            "completion",
            "cached",
            "cache",
            "tokens",
            "critical",
            "warning",
            "severe",
            "exceeded",
            "breached",
            "anomaly",
            "anomalies",
            "spike",
            "spikes",
            "forecast",
            "threshold",
            "guardrail",
            "guardrails",
            "fire",
            "fires",
            "kind",
            "caching",
            "runaway",
            "overkill",
            "duplicate",
            "duplicates",
            "misses",
            "miss",
            "newest",
            "oldest",
            "latest",
            "time",
            "series");

    static final Set<String> RESERVED = reserved();

    /** Words that may follow a dimension word without being a name ("customer is", "feature costs"). */
    static final Set<String> NAME_FILLERS = Set.of(
            "is",
            "was",
            "were",
            "has",
            "had",
            "have",
            "did",
            "does",
            "do",
            "costs",
            "cost",
            "spent",
            "spend",
            "spending",
            "uses",
            "used",
            "using",
            "made",
            "makes",
            "in",
            "on",
            "of",
            "for",
            "from",
            "to",
            "with",
            "this",
            "last",
            "today",
            "yesterday",
            "since",
            "between",
            "over",
            "during",
            "so",
            "far",
            "level",
            "breakdown",
            "split",
            "wise",
            "names",
            "ids",
            "id",
            "name",
            "list",
            "ranking",
            "rank",
            "and",
            "or",
            "vs",
            "versus",
            "than",
            "the",
            "their",
            "its",
            "our",
            "my",
            "me",
            "us",
            "you",
            "we",
            "they",
            "it",
            "should",
            "would",
            "could",
            "can",
            "will",
            "be",
            "been",
            "are",
            "am",
            "at",
            "as",
            "if",
            "that",
            "these",
            "those",
            "there",
            "here",
            "please",
            "now",
            "currently",
            "right",
            "ever",
            "overall",
            "total",
            "totals",
            "generated",
            "burned",
            "burn",
            "consumed",
            "consume",
            "paid",
            "pay",
            "get",
            "got",
            "see",
            "show",
            "tell",
            "give",
            "much",
            "many",
            "more",
            "less",
            "only",
            "just",
            "also",
            "too",
            "all",
            "each");

    /** Every word the interpreter reads, for correcting typos in them ({@link VocabularyCorrection}). */
    static final VocabularyCorrection.Lexicon LEXICON = new VocabularyCorrection.Lexicon(
            Lexicon.NOUNS.keySet().stream()
                    .collect(Collectors.groupingBy(Lexicon.NOUNS::get, LinkedHashMap::new, Collectors.toList()))
                    .values(),
            Stream.of(OPTION_WORDS, GROUPING, INTERNAL_WORDS, PRODUCT_WORDS, HIGHEST, LOWEST)
                    .flatMap(Set::stream)
                    .toList(),
            Stream.of(RESERVED, NAME_FILLERS).flatMap(Set::stream).toList());

    private static Set<String> reserved() {
        Set<String> words = new HashSet<>(COMMON);
        words.addAll(OPTION_WORDS);
        words.addAll(Lexicon.NOUNS.keySet());
        words.addAll(GROUPING);
        words.addAll(INTERNAL_WORDS);
        words.addAll(PRODUCT_WORDS);
        for (Metric metric : Metric.values()) {
            words.addAll(metric.keywords);
        }
        return Set.copyOf(words);
    }

    /**
     * "than" before a period ("more this week than last week", "less than in october"): a
     * comparison of two periods, not a comparative of amounts ("more than they pay").
     */
    static final String THAN_A_PERIOD = "\\bthan(?= (?:in |on |during |for |over )?(?:the )?(?:last|previous|prior"
            + "|past|this|yesterday|today|q[1-4]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|20\\d\\d)\\b)";

    /**
     * Everyday phrases put in Ask's words before anything else is read, in this order: phrases
     * whose nouns are not groupings ("sources of waste" is waste, "model overkill" a kind of it),
     * and everyday words for margin and for savings.
     */
    static final List<Map.Entry<Pattern, String>> EVERYDAY_PHRASES = List.of(
            Map.entry(Pattern.compile("\\bsources? of (waste|spend|spending|cost|costs)\\b"), "$1"),
            Map.entry(Pattern.compile("\\bmodel overkill\\b"), "overkill"),
            Map.entry(Pattern.compile("\\b(?:making|make|made|earning|earn) money\\b"), "margin"),
            // "Spend less" is saving, unless it compares two periods ("did acme spend less this week than last").
            Map.entry(Pattern.compile("\\b(?:spend|pay|paying|spending) less\\b(?!.*" + THAN_A_PERIOD + ")"), "save"),
            Map.entry(Pattern.compile("\\bcheaper models?\\b"), "cheaper model savings"),
            // Losing money is a negative margin: "lost us money", "underwater", "cost us more than they pay".
            Map.entry(Pattern.compile("\\b(?:lost|lose|losing|loses) (?:us |me |them )?money\\b"), "margin"),
            Map.entry(Pattern.compile("\\b(?:are |is )?(?:underwater|under water)\\b"), " margin"),
            Map.entry(
                    Pattern.compile(
                            "\\b(?:costing|cost|costs) (?:us )?more than (?:they|it|he|she) (?:pay|pays|paid)\\b"),
                    "margin"),
            // Waste kinds in everyday words.
            Map.entry(
                    Pattern.compile(
                            "\\b(?:an? )?(?:bigger|larger|more expensive|pricier) models? than (?:we|they|you|it)"
                                    + " (?:need|needs|needed)\\b"),
                    "overkill"),
            Map.entry(
                    Pattern.compile("\\b(?:failing|failed|erroring) (?:requests|request|calls|call)\\b"),
                    "failed calls"),
            Map.entry(Pattern.compile("\\brunaway agent runs?\\b"), "runaway runs"),
            // "agents looping", "looping agents", "agents stuck in a loop": before "loop" alone.
            Map.entry(
                    Pattern.compile(
                            "\\b(?:looping agents?|agents? (?:that (?:keep |kept )?)?(?:looping|loop(?:ed)? forever)"
                                    + "|agents? stuck in (?:an? )?(?:endless )?loops?)\\b"),
                    "runaway runs"),
            Map.entry(
                    Pattern.compile("\\b(?:agent )?loops?(?: that never (?:stop|stops|end|ends))?\\b"),
                    "runaway runs"));

    /** How the reason given for a write request starts ({@link AskAnswer#writeRequest()}). */
    static final String READS_ONLY = "Ask only reads";

    /** Questions about something no read tool answers; each with the reason given to the asker. */
    static final List<Map.Entry<Pattern, String>> UNSUPPORTED = List.of(
            Map.entry(
                    Pattern.compile("\\b(create|delete|remove|snooze|unsnooze|set up|set|update|add|cancel"
                            + "|disable|enable|mute|dismiss|resolve|acknowledge|rename|edit|raise|bump|pause"
                            + "|turn off|turn on|archive|revoke|approve|block|notify|email me|send me"
                            + "|(?:increase|decrease|lower|change) (?:the |our |my |that )?[a-z0-9.-]* ?budget)\\b"),
                    READS_ONLY + ". Budgets and alert snoozes are changed through a write action that you prepare"
                            + " and then confirm (POST /api/v1/ask/actions/prepare)"),
            Map.entry(Pattern.compile("\\bwhy\\b"), "Ask reports figures; it does not explain causes"));

    static final Pattern FORECAST =
            Pattern.compile("\\b(forecast|forecasts|predict|predicted|prediction|projection|projected|will)\\b");

    static final String NUMBER_WORDS =
            "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|fifty|hundred";
    static final String N = "(\\d{1,4}|" + NUMBER_WORDS + ")";
    static final String SUPERLATIVE = "(?:most expensive|costliest|biggest|largest|highest|heaviest|top"
            + "|most profitable|least profitable|worst|best|lowest|cheapest|least expensive|smallest|fewest|least used"
            + "|slowest|fastest)";
    static final List<Pattern> TOP_N = List.of(
            Pattern.compile("\\btop " + N + "\\b"),
            Pattern.compile("\\b" + N + " (?=" + SUPERLATIVE + "\\b)"),
            Pattern.compile("(?<=\\b" + SUPERLATIVE + ") " + N + "\\b"),
            Pattern.compile("\\bfirst " + N + "\\b"),
            Pattern.compile("\\bbottom " + N + "\\b"),
            Pattern.compile("\\b(?:which|what|the|show|list) " + N
                    + "(?= (?!(?:hours?|days?|weeks?|months?|quarters?|years?)\\b)[a-z])"));

    /** What savings recommendations can be narrowed to, in the order they are passed. */
    static final List<Dimension> SAVINGS_FILTERS =
            List.of(Dimension.FEATURE, Dimension.TENANT, Dimension.WORKFLOW, Dimension.MODEL);

    /** Lower case, one space between words, without punctuation that carries no meaning here. */
    static String normalise(String question) {
        return question.toLowerCase(Locale.ROOT)
                .replaceAll("[’']s\\b", "")
                .replaceAll("[\\u2013\\u2014]", " - ")
                .replace("$", " $ ")
                .replaceAll("[\"“”‘’'`?!,;:()\\[\\]{}*]", " ")
                .replaceAll("\\.(\\s|$)", " ")
                .replaceAll("\\s+", " ")
                .trim();
    }
}
