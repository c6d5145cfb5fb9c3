package dev.spendline.query.ask;

import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.query.ask.EntityMatcher.Mention;
import dev.spendline.query.ask.Interpretation.Focus;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

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

    /** A dimension word and the dimension it means in product and in internal usage (null: none). */
    private record Noun(Dimension product, Dimension internal) {

        Dimension in(UsageKind usage) {
            return usage == UsageKind.INTERNAL ? internal : product;
        }

        UsageKind onlyKind() {
            return product == null ? UsageKind.INTERNAL : internal == null ? UsageKind.PRODUCT : null;
        }
    }

    private static final Map<String, Noun> NOUNS = nouns();

    private static Map<String, Noun> nouns() {
        Map<String, Noun> nouns = new LinkedHashMap<>();
        put(nouns, new Noun(Dimension.FEATURE, null), "feature", "features");
        put(
                nouns,
                new Noun(Dimension.TENANT, null),
                "customer",
                "customers",
                "tenant",
                "tenants",
                "client",
                "clients",
                "account",
                "accounts");
        put(nouns, new Noun(Dimension.MODEL, Dimension.INTERNAL_MODEL), "model", "models", "llm", "llms");
        put(
                nouns,
                new Noun(Dimension.PROVIDER, Dimension.INTERNAL_PROVIDER),
                "provider",
                "providers",
                "vendor",
                "vendors");
        put(nouns, new Noun(Dimension.AGENT, null), "agent", "agents");
        put(nouns, new Noun(Dimension.WORKFLOW, null), "workflow", "workflows");
        put(nouns, new Noun(Dimension.USER, null), "user", "users");
        put(nouns, new Noun(Dimension.STATUS, null), "status", "statuses");
        put(nouns, new Noun(Dimension.OUTCOME, null), "outcome", "outcomes");
        put(
                nouns,
                new Noun(null, Dimension.EMPLOYEE),
                "employee",
                "employees",
                "engineer",
                "engineers",
                "developer",
                "developers",
                "people",
                "person",
                "staff",
                "colleague",
                "colleagues");
        put(nouns, new Noun(null, Dimension.TEAM), "team", "teams", "department", "departments", "squad", "squads");
        put(nouns, new Noun(Dimension.TOOL, Dimension.INTERNAL_TOOL), "tool", "tools");
        put(nouns, new Noun(null, Dimension.CATEGORY), "category", "categories");
        put(nouns, new Noun(null, Dimension.SOURCE), "source", "sources");
        return Map.copyOf(nouns);
    }

    private static void put(Map<String, Noun> nouns, Noun noun, String... words) {
        for (String word : words) {
            nouns.put(word, noun);
        }
    }

    /** Words before a dimension word that make it the grouping ("by feature", "which model"). */
    private static final Set<String> GROUPING =
            Set.of("by", "per", "each", "every", "which", "what", "across", "among");

    /** Whether {@code word} names a dimension ("feature", "customers"), for reading follow-ups ({@link FollowUps}). */
    static boolean isDimensionWord(String word) {
        return NOUNS.containsKey(word);
    }

    /** The dimension a word names in {@code usage} ("customers": tenant); null when none, for {@link FollowUps}. */
    static Dimension dimensionOfWord(String word, UsageKind usage) {
        Noun noun = NOUNS.get(word);
        return noun == null ? null : noun.in(usage);
    }

    /** Whether a dimension word after {@code word} is a grouping ("by", "per", "which"), for {@link FollowUps}. */
    static boolean isGroupingWord(String word) {
        return GROUPING.contains(word);
    }

    private static final Set<String> INTERNAL_WORDS = Set.of("internal", "internally", "in-house");
    private static final Set<String> PRODUCT_WORDS =
            Set.of("product", "products", "production", "prod", "customer-facing", "app", "apps");
    private static final Set<String> HIGHEST =
            Set.of("most", "best", "highest", "top", "biggest", "largest", "greatest", "healthiest");
    private static final Set<String> LOWEST =
            Set.of("least", "worst", "lowest", "unprofitable", "losing", "loss", "losses", "negative", "smallest");

    /** Everyday words never read as a name by a typo ("that" is not the feature "chat"). */
    private static final Set<String> COMMON = Set.copyOf(List.of(
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
    private static final Set<String> OPTION_WORDS = Set.of(
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

    private static final Set<String> RESERVED = reserved();

    /** Words that may follow a dimension word without being a name ("customer is", "feature costs"). */
    private static final Set<String> NAME_FILLERS = Set.of(
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
            NOUNS.keySet().stream()
                    .collect(Collectors.groupingBy(NOUNS::get, LinkedHashMap::new, Collectors.toList()))
                    .values(),
            Stream.of(OPTION_WORDS, GROUPING, INTERNAL_WORDS, PRODUCT_WORDS, HIGHEST, LOWEST)
                    .flatMap(Set::stream)
                    .toList(),
            Stream.of(RESERVED, NAME_FILLERS).flatMap(Set::stream).toList());

    private static Set<String> reserved() {
        Set<String> words = new HashSet<>(COMMON);
        words.addAll(OPTION_WORDS);
        words.addAll(NOUNS.keySet());
        words.addAll(GROUPING);
        words.addAll(INTERNAL_WORDS);
        words.addAll(PRODUCT_WORDS);
        for (Metric metric : Metric.values()) {
            words.addAll(metric.keywords);
        }
        return Set.copyOf(words);
    }

    /** How the reason given for a write request starts ({@link AskAnswer#writeRequest()}). */
    static final String READS_ONLY = "Ask only reads";

    /** Questions about something no read tool answers; each with the reason given to the asker. */
    private static final List<Map.Entry<Pattern, String>> UNSUPPORTED = List.of(
            Map.entry(
                    Pattern.compile("\\b(create|delete|remove|snooze|unsnooze|set up|set|update|add|cancel"
                            + "|disable|enable|mute|dismiss|resolve|acknowledge|rename|edit|raise|bump|pause"
                            + "|turn off|turn on|archive|revoke|approve|block|notify|email me|send me"
                            + "|(?:increase|decrease|lower|change) (?:the |our |my |that )?[a-z0-9.-]* ?budget)\\b"),
                    READS_ONLY + ". Budgets and alert snoozes are changed through a write action that you prepare"
                            + " and then confirm (POST /api/v1/ask/actions/prepare)"),
            Map.entry(Pattern.compile("\\bwhy\\b"), "Ask reports figures; it does not explain causes"));

    private static final Pattern FORECAST =
            Pattern.compile("\\b(forecast|forecasts|predict|predicted|prediction|projection|projected|will)\\b");

    private static final String NUMBER_WORDS =
            "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|fifty|hundred";
    private static final String N = "(\\d{1,4}|" + NUMBER_WORDS + ")";
    private static final String SUPERLATIVE = "(?:most expensive|costliest|biggest|largest|highest|heaviest|top"
            + "|most profitable|least profitable|worst|best|lowest|cheapest|least expensive|smallest|fewest|least used"
            + "|slowest|fastest)";
    private static final List<Pattern> TOP_N = List.of(
            Pattern.compile("\\btop " + N + "\\b"),
            Pattern.compile("\\b" + N + " (?=" + SUPERLATIVE + "\\b)"),
            Pattern.compile("(?<=\\b" + SUPERLATIVE + ") " + N + "\\b"),
            Pattern.compile("\\bfirst " + N + "\\b"),
            Pattern.compile("\\bbottom " + N + "\\b"),
            Pattern.compile("\\b(?:which|what|the|show|list) " + N
                    + "(?= (?!(?:hours?|days?|weeks?|months?|quarters?|years?)\\b)[a-z])"));

    /** The order filters are passed in (internal tool, model and provider take their namesakes' places). */
    private static final List<Dimension> FILTER_ORDER = List.of(
            Dimension.TENANT,
            Dimension.FEATURE,
            Dimension.MODEL,
            Dimension.INTERNAL_MODEL,
            Dimension.PROVIDER,
            Dimension.INTERNAL_PROVIDER,
            Dimension.AGENT,
            Dimension.WORKFLOW,
            Dimension.TOOL,
            Dimension.INTERNAL_TOOL,
            Dimension.USER,
            Dimension.STATUS,
            Dimension.OUTCOME,
            Dimension.EMPLOYEE,
            Dimension.TEAM,
            Dimension.CATEGORY,
            Dimension.SOURCE);

    /** What savings recommendations can be narrowed to, in the order they are passed. */
    private static final List<Dimension> SAVINGS_FILTERS =
            List.of(Dimension.FEATURE, Dimension.TENANT, Dimension.WORKFLOW, Dimension.MODEL);

    /** Product spend first, then the dimensions people most often mean by a bare name. */
    private static final List<Dimension> NAME_PREFERENCE = List.of(
            Dimension.FEATURE,
            Dimension.TENANT,
            Dimension.MODEL,
            Dimension.PROVIDER,
            Dimension.AGENT,
            Dimension.WORKFLOW,
            Dimension.TOOL,
            Dimension.USER,
            Dimension.OUTCOME,
            Dimension.STATUS,
            Dimension.EMPLOYEE,
            Dimension.TEAM,
            Dimension.INTERNAL_TOOL,
            Dimension.CATEGORY,
            Dimension.INTERNAL_MODEL,
            Dimension.INTERNAL_PROVIDER,
            Dimension.SOURCE);

    /** How a like-for-like comparison names where its spans end. */
    private static final DateTimeFormatter HOUR_OF_DAY =
            DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

    private static final DateTimeFormatter UNTIL =
            DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private final EntityMatcher matcher;
    private final WriteIntents writes;
    private final VocabularyCorrection correction;
    private final Instant now;
    private final LocalDate today;

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
        this.today = LocalDate.ofInstant(now, ZoneOffset.UTC);
    }

    /** The reading of a question; never null, never an exception for any text. */
    Interpretation interpret(String question) {
        // A change asked for is never read as figures of another question: it gets the change's form.
        WriteIntent write = writes.read(question);
        return write != null
                ? Interpretation.write(write)
                : new Reading(WriteIntents.withoutDeniedChange(question)).interpret();
    }

    /** {@code 3 days 11 hours}, {@code 1 day}, {@code 11 hours}: a like-for-like span in words. */
    static String span(Duration elapsed) {
        long days = elapsed.toDays();
        long hours = elapsed.minusDays(days).toHours();
        String d = days == 0 ? "" : days + (days == 1 ? " day" : " days");
        String h = hours == 0 ? "" : hours + (hours == 1 ? " hour" : " hours");
        return (d + " " + h).strip();
    }

    /** The state of reading one question. */
    private final class Reading {

        private final String question;
        private final List<String> notes = new ArrayList<>();
        private String text;
        private List<String> words;
        private List<Mention> mentions;
        /** Names the question leaves out ("without onboarding"): never filters, only exclusions. */
        private final List<Mention> excluded = new ArrayList<>();

        private final EnumSet<Metric> metrics = EnumSet.noneOf(Metric.class);
        /** Dimension words used as the grouping, in question order, each with whether "by"/"which"... preceded it. */
        private final List<Map.Entry<Noun, Boolean>> groupings = new ArrayList<>();
        /** For each mention, the dimension word that labels it ("customer acme"), or null. */
        private final Map<Mention, Noun> labels = new LinkedHashMap<>();

        private final Set<UsageKind> usageSaid = EnumSet.noneOf(UsageKind.class);
        private TimeRange range;
        /** The other period of a comparison that names two; null otherwise. */
        private TimeRange second;

        private Integer limit;
        /** Options named by phrases (see {@link AskPhrases}); null or false when not named. */
        private boolean comparing;

        private String overPeriod;
        private SpendMetric spendMetric;
        private boolean ascending;
        private boolean newestFirst;
        private TimeGrain grain;
        private boolean trend;
        private String wasteKind;
        private String savingsKind;
        private String budgetState;
        private String alertSeverity;
        private String alertType;
        private boolean workspaceWord;
        private String budgetName;
        /** A name after a dimension word that is no name of the workspace ("customer zzz"), or null. */
        private String unknownName;
        /** The workspace's names nearest to {@link #unknownName} (" Did you mean 'acme'?"), or "". */
        private String didYouMean = "";

        Reading(String question) {
            this.question = question == null ? "" : question;
        }

        Interpretation interpret() {
            text = normalise(question);
            if (text.isBlank()) {
                return unanswered("the question is empty");
            }
            VocabularyCorrection.Corrected corrected = correction.correct(text);
            text = corrected.text();
            notes.addAll(corrected.notes());
            // Phrases whose nouns are not groupings: "sources of waste" is waste, "model overkill" a kind of it.
            text = text.replaceAll("\\bsources? of (waste|spend|spending|cost|costs)\\b", "$1")
                    .replaceAll("\\bmodel overkill\\b", "overkill")
                    // Everyday words for margin and for savings.
                    .replaceAll("\\b(?:making|make|made|earning|earn) money\\b", "margin")
                    .replaceAll("\\b(?:spend|pay|paying|spending) less\\b", "save")
                    .replaceAll("\\bcheaper models?\\b", "cheaper model savings");
            boolean budgetWords = text.matches(".*\\b(budget|budgets|cap|caps)\\b.*");
            // "the budget named q4 pilot": the name is the rest of the question, not a period or names.
            budgetName = budgetWords ? AskPhrases.budgetName(text) : null;
            if (budgetName != null) {
                text = text.substring(0, text.lastIndexOf(budgetName)).replaceAll("\\b(?:named|called|titled) $", "");
            }
            String withoutNames = matcher.withoutExactNames(text);
            if (AskPhrases.OFF_TOPIC.matcher(withoutNames).find()) {
                return unanswered("that is not a question about this workspace's AI usage data; Ask answers questions"
                        + " about spend, tokens, calls, margin, waste, savings, budgets and alerts, and does not write,"
                        + " chat or answer general questions");
            }
            for (Map.Entry<Pattern, String> unsupported : UNSUPPORTED) {
                // "don't set a budget, just show…" and "which budgets did we set" ask for no change.
                boolean change = unsupported.getValue().startsWith(READS_ONLY);
                if (change && WriteIntents.asksAbout(withoutNames)) {
                    continue;
                }
                if (WriteIntents.affirmed(unsupported.getKey(), withoutNames)) {
                    return unanswered(unsupported.getValue());
                }
            }
            if (!budgetWords && FORECAST.matcher(withoutNames).find()) {
                return unanswered("Ask reports what happened; forecasts are only given for budgets (their run-rate"
                        + " forecast in budget status)");
            }
            TimePhrases.Found time = TimePhrases.find(text, today, now);
            if (time.problem() != null) {
                return unanswered("Ask can't read the period: " + time.problem());
            }
            comparing = AskPhrases.compare(withoutNames);
            if (time.second() != null && !comparing) {
                return unanswered("it names two periods; ask to compare them (\"October vs September\") or about one"
                        + " period at a time");
            }
            range = time.range();
            second = time.second();
            readOptions(matcher.withoutExactNames(time.rest()));
            text = takeLimit(time.rest());
            words = Arrays.stream(text.trim().split("\\s+"))
                    .map(w -> w.replaceAll("^[.\\-_]+|[.\\-_]+$", ""))
                    .filter(w -> !w.isEmpty())
                    .collect(Collectors.toCollection(ArrayList::new));
            List<String> unsure = new ArrayList<>();
            List<EntityMatcher.Absent> absent = new ArrayList<>();
            mentions = matcher.find(words, RESERVED, unsure, absent);
            if (!unsure.isEmpty()) {
                return unanswered("Ask is not sure which name you mean: " + String.join("; ", unsure)
                        + ". Please spell it as it appears in your data");
            }
            if (!absent.isEmpty()) {
                // Another version of a name is another name: answering for the one seen would be a swap.
                EntityMatcher.Absent first = absent.get(0);
                return unanswered("Ask found no "
                        + Words.noun(first.dimensions().iterator().next()) + " '"
                        + first.typed() + "' in this workspace's data of the last "
                        + VocabularyCache.LOOKBACK.toDays() + " days. Did you mean '" + first.nearest()
                        + "'? Ask about it by that name, or without the name to see the ones there are");
            }
            readWords();
            if (unknownName != null) {
                return unanswered("Ask found no " + unknownName + " in this workspace's data of the last "
                        + VocabularyCache.LOOKBACK.toDays()
                        + " days." + didYouMean
                        + " Check the spelling, or ask without the name to see the ones there are");
            }
            excluded.addAll(Negation.negated(words, mentions, NOUNS.keySet()));
            mentions.removeAll(excluded);
            if (metrics.isEmpty()
                    && groupings.isEmpty()
                    && mentions.isEmpty()
                    && spendMetric == null
                    && grain == null
                    && !trend
                    && !comparing) {
                return unanswered("Ask did not recognise a measure (spend, tokens, calls, margin, waste, savings,"
                        + " budgets, alerts) or anything of your workspace in it");
            }
            Metric metric = metric();
            for (Mention m : mentions) {
                if (m.typo()) {
                    notes.add("'" + m.typed() + "' read as '" + m.value() + "'");
                }
            }
            if (!excluded.isEmpty() && metric != Metric.SPEND && metric != Metric.TOKENS && metric != Metric.CALLS) {
                // Never answer the opposite: a left-out name must not become a filter of another tool.
                // Spend reports and their comparisons exclude; margins, waste, savings, budgets and alerts do not.
                return unanswered("Ask leaves names out of spend reports and their comparisons only (" + excludedWords()
                        + "); ask for spend, tokens or calls without them, or ask without the exclusion");
            }
            return switch (metric) {
                case ALERTS, BUDGETS -> status(metric);
                case SAVINGS -> savings();
                case WASTE -> comparing
                        ? unanswered("comparisons are of spend or margin; waste is reported for one period at a time"
                                + " (ask for waste this month, then last month)")
                        : waste();
                case MARGIN -> comparing ? compare(metric) : margin();
                default -> comparing ? compare(metric) : spend(metric);
            };
        }

        // ---- words

        /** The options a question names by phrase, read once from the text without the workspace's names. */
        private void readOptions(String rest) {
            overPeriod = comparing ? AskPhrases.overPeriod(rest) : null;
            // In a comparison, "fastest" and "slowest" are about growth, not latency.
            String options = comparing
                    ? AskPhrases.withoutComparison(rest)
                            .replaceAll("\\b(?:fastest|quickest|slowest|most|least)\\b", " ")
                    : rest;
            spendMetric = AskPhrases.metric(options);
            ascending = AskPhrases.ascending(options);
            newestFirst = AskPhrases.newestFirst(options);
            grain = AskPhrases.grain(options);
            trend = AskPhrases.trend(options);
            wasteKind = AskPhrases.wasteKind(options);
            savingsKind = AskPhrases.savingsKind(options);
            budgetState = AskPhrases.budgetState(options);
            alertSeverity = AskPhrases.alertSeverity(options);
            alertType = AskPhrases.alertType(options);
            workspaceWord = options.matches(".*\\b(?:workspace|workspace-wide|overall|company-wide|global)\\b.*");
        }

        private String takeLimit(String rest) {
            for (Pattern pattern : TOP_N) {
                Matcher m = pattern.matcher(rest);
                if (m.find()) {
                    String n = m.group(1);
                    limit = TimePhrases.number(n);
                    return TimePhrases.blank(rest, m.start(1), m.end(1));
                }
            }
            return rest;
        }

        private void readWords() {
            boolean[] inMention = new boolean[words.size()];
            for (Mention m : mentions) {
                for (int i = m.start(); i < m.end(); i++) {
                    inMention[i] = true;
                }
            }
            for (int i = 0; i < words.size(); i++) {
                if (inMention[i]) {
                    continue;
                }
                String word = words.get(i);
                if (word.equals("coding")
                        && i + 1 < words.size()
                        && words.get(i + 1).startsWith("agent")) {
                    usageSaid.add(UsageKind.INTERNAL);
                    i++;
                    continue;
                }
                if (word.equals("ai")
                        && i + 1 < words.size()
                        && words.get(i + 1).startsWith("tool")) {
                    usageSaid.add(UsageKind.INTERNAL);
                }
                if (INTERNAL_WORDS.contains(word)) {
                    usageSaid.add(UsageKind.INTERNAL);
                    continue;
                }
                if (PRODUCT_WORDS.contains(word)) {
                    usageSaid.add(UsageKind.PRODUCT);
                    continue;
                }
                Metric metric = metricWord(word);
                if (metric != null) {
                    metrics.add(metric);
                    continue;
                }
                Noun noun = noun(word);
                if (noun != null) {
                    boolean grouped = i > 0 && GROUPING.contains(words.get(i - 1));
                    Mention labelled = grouped ? null : labelled(i, noun);
                    if (labelled != null) {
                        labels.put(labelled, noun);
                    } else {
                        if (!grouped && unknownName == null) {
                            unknownName = unknownNameAfter(i, inMention);
                        }
                        groupings.add(Map.entry(noun, grouped));
                    }
                }
            }
        }

        /**
         * "customer zzz" where zzz is no name of the workspace: the word after a dimension word
         * that is not a word Ask knows. Answering the question without that filter would present
         * a guess as fact, so the question is refused with the name.
         */
        private String unknownNameAfter(int i, boolean[] inMention) {
            int next = i + 1;
            if (next < words.size() && words.get(next).equals("the")) {
                next++;
            }
            if (next >= words.size() || inMention[next]) {
                return null;
            }
            String candidate = words.get(next);
            boolean known = RESERVED.contains(candidate)
                    || HIGHEST.contains(candidate)
                    || LOWEST.contains(candidate)
                    || NAME_FILLERS.contains(candidate)
                    || NOUNS.containsKey(candidate)
                    || Negation.isCueWord(candidate);
            if (known || !candidate.matches("[a-z0-9][a-z0-9._:/@-]*") || candidate.matches("\\d+")) {
                return null;
            }
            for (Metric metric : Metric.values()) {
                if (metric.keywords.contains(candidate)) {
                    return null;
                }
            }
            Noun noun = NOUNS.get(words.get(i));
            Set<Dimension> of = EnumSet.noneOf(Dimension.class);
            if (noun != null) {
                Stream.of(noun.product(), noun.internal())
                        .filter(Objects::nonNull)
                        .forEach(of::add);
            }
            List<String> nearest = matcher.nearest(candidate, of, 3);
            if (!nearest.isEmpty()) {
                didYouMean = " Did you mean "
                        + nearest.stream().map(n -> "'" + n + "'").collect(Collectors.joining(" or ")) + "?";
            }
            return words.get(i) + " '" + candidate + "'";
        }

        private Metric metricWord(String word) {
            for (Metric metric : Metric.values()) {
                if (metric.keywords.contains(word)) {
                    return metric;
                }
            }
            if (word.length() < 5 || COMMON.contains(word)) {
                return null;
            }
            // The closest keyword, then the first metric and the keyword first in alphabetical order.
            Metric best = null;
            String bestKeyword = null;
            int bestDistance = Integer.MAX_VALUE;
            for (Metric metric : Metric.values()) {
                for (String keyword : metric.keywords.stream().sorted().toList()) {
                    int max = TypoDistance.tolerance(keyword.length());
                    int distance = TypoDistance.distance(word, keyword, max);
                    if (keyword.length() >= 5 && distance <= max && distance < bestDistance) {
                        best = metric;
                        bestKeyword = keyword;
                        bestDistance = distance;
                    }
                }
            }
            if (best != null) {
                notes.add("'" + word + "' read as '" + bestKeyword + "'");
            }
            return best;
        }

        private Noun noun(String word) {
            Noun noun = NOUNS.get(word);
            if (noun != null || word.length() < 6 || COMMON.contains(word)) {
                return noun;
            }
            for (Map.Entry<String, Noun> candidate : NOUNS.entrySet()) {
                if (candidate.getKey().length() >= 6 && TypoDistance.distance(word, candidate.getKey(), 1) <= 1) {
                    notes.add("'" + word + "' read as '" + candidate.getKey() + "'");
                    return candidate.getValue();
                }
            }
            return null;
        }

        /** The mention a dimension word at {@code i} names, "customer acme" or "acme customer". */
        private Mention labelled(int i, Noun noun) {
            for (Mention m : mentions) {
                int gapBefore = m.start() - i;
                boolean before =
                        gapBefore == 1 || (gapBefore == 2 && words.get(i + 1).equals("the"));
                boolean after = m.end() == i;
                if ((before || after)
                        && !labels.containsKey(m)
                        && (m.dimensions().contains(noun.product())
                                || m.dimensions().contains(noun.internal()))) {
                    return m;
                }
            }
            return null;
        }

        private Metric metric() {
            if (metrics.isEmpty()) {
                if (spendMetric == null) {
                    notes.add("No measure named: read as spend");
                }
                return Metric.SPEND;
            }
            Metric first = metrics.iterator().next();
            // "what did failed calls cost", "cost of runaway runs": the cost of a kind of waste is
            // that waste, not spend grouped by something (a count or a rate keeps its own metric).
            if (wasteKind != null
                    && spendMetric == null
                    && metrics.contains(Metric.SPEND)
                    && (first == Metric.SPEND || first == Metric.CALLS || first == Metric.WASTE)) {
                return Metric.WASTE;
            }
            // "how many retries", "error count": a count of calls, not the waste they cost.
            if (first == Metric.WASTE
                    && spendMetric == SpendMetric.RETRIES
                    && !metrics.contains(Metric.SPEND)
                    && !text.matches(".*\\bwast(?:e|ed|ing|eful)\\b.*")) {
                return Metric.SPEND;
            }
            if ((first == Metric.TOKENS || first == Metric.CALLS) && metrics.contains(Metric.SPEND)) {
                return Metric.SPEND;
            }
            if (first == Metric.TOKENS && metrics.contains(Metric.CALLS)) {
                return Metric.TOKENS;
            }
            return first;
        }

        // ---- usage, grouping and names

        /** The usage kind everything in the question agrees on; null (with the reason) when it mixes both. */
        private UsageKind usage(List<String> problems) {
            EnumSet<UsageKind> kinds =
                    EnumSet.copyOf(usageSaid.isEmpty() ? EnumSet.noneOf(UsageKind.class) : usageSaid);
            for (Map.Entry<Noun, Boolean> g : groupings) {
                if (g.getKey().onlyKind() != null) {
                    kinds.add(g.getKey().onlyKind());
                }
            }
            for (Mention m : mentions) {
                Set<UsageKind> of = candidates(m).stream().map(Dimension::kind).collect(Collectors.toSet());
                if (of.size() == 1) {
                    kinds.addAll(of);
                }
            }
            if (kinds.size() > 1) {
                problems.add("it mixes product usage (customers, features) with internal usage (employees, teams,"
                        + " AI tools); the two are kept apart, so ask about one of them");
                return null;
            }
            if (kinds.isEmpty()) {
                boolean tools = groupings.stream().anyMatch(g -> g.getKey().product() == Dimension.TOOL);
                UsageKind usage = tools ? UsageKind.INTERNAL : UsageKind.PRODUCT;
                for (Mention m : mentions) {
                    notes.add("'" + m.value() + "' is seen in product and internal usage; read as " + usage.wireName()
                            + " usage");
                }
                return usage;
            }
            return kinds.iterator().next();
        }

        /** A mention's dimensions, narrowed by its label when it has one. */
        private Set<Dimension> candidates(Mention m) {
            Noun label = labels.get(m);
            if (label == null) {
                return m.dimensions();
            }
            EnumSet<Dimension> labelled = EnumSet.noneOf(Dimension.class);
            for (Dimension d : m.dimensions()) {
                if (d == label.product() || d == label.internal()) {
                    labelled.add(d);
                }
            }
            return labelled;
        }

        /** The grouping dimension in {@code usage}: the one after "by"/"which", else the first named. */
        private Dimension grouping(UsageKind usage) {
            Map.Entry<Noun, Boolean> chosen = groupings.stream()
                    .filter(Map.Entry::getValue)
                    .findFirst()
                    .orElse(groupings.isEmpty() ? null : groupings.get(0));
            if (chosen == null) {
                return null;
            }
            Set<Dimension> others = new java.util.LinkedHashSet<>();
            for (Map.Entry<Noun, Boolean> g : groupings) {
                Dimension d = g.getKey().in(usage);
                if (g != chosen && d != null && d != chosen.getKey().in(usage)) {
                    others.add(d);
                }
            }
            Dimension by = chosen.getKey().in(usage);
            if (by != null && !others.isEmpty()) {
                notes.add("One grouping at a time: read as by " + Words.noun(by) + ", not by "
                        + others.stream().map(Words::noun).collect(Collectors.joining(" or ")));
            }
            return by;
        }

        /** The dimension a mention is read as, in {@code usage}, preferring one that goes with {@code by}. */
        private Dimension dimensionOf(Mention m, UsageKind usage, Dimension by) {
            List<Dimension> possible = NAME_PREFERENCE.stream()
                    .filter(candidates(m)::contains)
                    .filter(d -> d.kind() == usage)
                    .toList();
            if (possible.isEmpty()) {
                return null;
            }
            Dimension chosen = possible.stream()
                    .filter(d -> by != null && by.filterableBy(d))
                    .findFirst()
                    .orElse(possible.get(0));
            if (possible.size() > 1) {
                notes.add("'" + m.value() + "' is a "
                        + possible.stream().map(Words::noun).collect(Collectors.joining(" and a "))
                        + "; read as the " + Words.noun(chosen));
            }
            return chosen;
        }

        // ---- one builder per tool

        /** What a spend report or comparison is of: its usage, grouping and filters; or why not. */
        private record Subject(UsageKind usage, Dimension by, Map<Dimension, String> filters, String refused) {}

        private Subject subject() {
            List<String> problems = new ArrayList<>();
            UsageKind usage = usage(problems);
            if (usage == null) {
                return new Subject(null, null, null, problems.get(0));
            }
            Dimension by = grouping(usage);
            if (!groupings.isEmpty() && by == null) {
                return new Subject(
                        usage, null, null, "that grouping is not a dimension of " + usage.wireName() + " usage");
            }
            Map<Dimension, String> filters = new LinkedHashMap<>();
            return new Subject(usage, by, filters, filters(usage, by, filters));
        }

        private Interpretation spend(Metric metric) {
            Subject subject = subject();
            if (subject.refused() != null) {
                return unanswered(subject.refused());
            }
            UsageKind usage = subject.usage();
            Dimension by = subject.by();
            Map<Dimension, String> filters = subject.filters();
            TimeGrain period = grain;
            TimeRange range = periodOrDays();
            if (period == null && trend) {
                long days = range.lastDay().toEpochDay() - range.firstDay().toEpochDay() + 1;
                period = days <= 31 ? TimeGrain.DAY : days <= 92 ? TimeGrain.WEEK : TimeGrain.MONTH;
                notes.add("A trend over " + Words.period(range) + " is shown " + grainWord(period));
            }
            if (period == TimeGrain.HOUR && range.from().isBefore(now.minus(TimeGrain.HOURS_KEPT))) {
                period = TimeGrain.DAY;
                notes.add("Hours are kept for the last " + TimeGrain.HOURS_KEPT.toDays() + " days: "
                        + Words.period(range) + " is shown day by day");
            }
            if (period != null && by != null) {
                notes.add("One grouping at a time: read as " + grainWord(period) + ", not by " + Words.noun(by));
                by = null;
            }
            if (period == null && by == null) {
                if (filters.isEmpty()) {
                    by = usage == UsageKind.PRODUCT ? Dimension.FEATURE : Dimension.INTERNAL_TOOL;
                    notes.add("No grouping named: by " + Words.noun(by));
                } else {
                    // The first named value that is not the customer, else the customer: its row answers.
                    List<Dimension> named = namedInOrder(usage);
                    by = named.stream()
                            .filter(d -> d != Dimension.TENANT)
                            .findFirst()
                            .orElse(named.get(0));
                }
            }
            SpendMetric measure = measure(metric);
            int n = limit == null ? DEFAULT_LIMIT : Math.min(limit, SpendQuery.MAX_LIMIT);
            SpendOrder order =
                    period != null ? (newestFirst ? SpendOrder.DESC : null) : (ascending ? SpendOrder.ASC : null);
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("by", period != null ? period.wireName() : by.wireName());
            arguments.put("usage", usage.wireName());
            arguments.put("from", range.fromArgument());
            arguments.put("to", range.toArgument());
            if (period == null) {
                arguments.put("limit", n);
            }
            if (measure != SpendMetric.COST) {
                arguments.put("metric", measure.wireName());
            }
            if (order != null) {
                arguments.put("order", order.wireName());
            }
            putFilters(arguments, filters);
            Map<Dimension, List<String>> exclusions = exclusions(usage, by);
            String refused = putExclusions(arguments, exclusions, usage, filters);
            if (refused != null) {
                return unanswered(refused);
            }
            String grouping = period != null ? grainWord(period) : "by " + Words.noun(by);
            String reading = Words.measure(measure, metric.words) + " " + grouping + forWords(filters)
                    + withoutWords(exclusions) + ", "
                    + usage.wireName() + " usage, " + Words.period(range)
                    + (period != null
                            ? (order == SpendOrder.DESC ? ", newest first" : "")
                            : ", " + (order == SpendOrder.ASC ? "bottom " : "top ") + n);
            return answered(metric, new ToolCall(ReadTool.SPEND_BY, arguments), range, reading, null, false, n);
        }

        /** "daily", "weekly", "monthly". */
        private String grainWord(TimeGrain period) {
            return switch (period) {
                case HOUR -> "hour by hour";
                case DAY -> "day by day";
                case WEEK -> "week by week";
                case MONTH -> "month by month";
            };
        }

        /** What a spend report is ranked by: a phrase's metric, else the measure word's. */
        private SpendMetric measure(Metric metric) {
            if (spendMetric != null) {
                return spendMetric;
            }
            return switch (metric) {
                case TOKENS -> SpendMetric.TOKENS;
                case CALLS -> SpendMetric.CALLS;
                default -> SpendMetric.COST;
            };
        }

        /**
         * Every named value of {@code usage} as a filter, in the tools' order; the reason when two
         * values of one dimension are named (a filter takes one value).
         */
        private String filters(UsageKind usage, Dimension by, Map<Dimension, String> filters) {
            Map<Dimension, String> found = new LinkedHashMap<>();
            for (Mention m : mentions) {
                Dimension d = dimensionOf(m, usage, by);
                if (d == null) {
                    continue;
                }
                String earlier = found.putIfAbsent(d, m.value());
                if (earlier != null && !earlier.equals(m.value())) {
                    return "it names two " + Words.nouns(d) + " (" + earlier + " and " + m.value()
                            + "); a filter takes one value: ask about each, or for the report by " + Words.noun(d);
                }
            }
            for (Dimension d : FILTER_ORDER) {
                if (found.containsKey(d)) {
                    filters.put(d, found.get(d));
                }
            }
            return null;
        }

        /** The dimensions of the named values, in the order the question names them. */
        private List<Dimension> namedInOrder(UsageKind usage) {
            List<Dimension> named = new ArrayList<>();
            mentions.stream()
                    .sorted(java.util.Comparator.comparingInt(Mention::start))
                    .map(m -> dimensionOf(m, usage, null))
                    .filter(d -> d != null && !named.contains(d))
                    .forEach(named::add);
            return named;
        }

        /** A name the question gives that only internal usage has, for a tool of product usage; null if none. */
        private String internalName() {
            for (Mention m : mentions) {
                if (candidates(m).stream().noneMatch(d -> d.kind() == UsageKind.PRODUCT)) {
                    Dimension d = candidates(m).iterator().next();
                    return Words.named(d, m.value()) + " is of internal usage (employees' AI tools)";
                }
            }
            return null;
        }

        private void putFilters(Map<String, Object> arguments, Map<Dimension, String> filters) {
            filters.forEach((d, v) -> arguments.put(d.wireName(), v));
        }

        /**
         * {@code exclusions} as the call's {@code exclude} ({@code dimension:value} each), as
         * {@code spend_by} and {@code compare} take it; the reason when they cannot be (null: a name
         * not of {@code usage}; a name both filtered and left out), else null.
         */
        private String putExclusions(
                Map<String, Object> arguments,
                Map<Dimension, List<String>> exclusions,
                UsageKind usage,
                Map<Dimension, String> filters) {
            if (exclusions == null) {
                return "a name it leaves out is not of " + usage.wireName() + " usage (" + excludedWords() + ")";
            }
            for (Map.Entry<Dimension, String> f : filters.entrySet()) {
                if (exclusions.getOrDefault(f.getKey(), List.of()).contains(f.getValue())) {
                    return "it asks both for and without " + Words.named(f.getKey(), f.getValue());
                }
            }
            if (!exclusions.isEmpty()) {
                List<String> exclude = new ArrayList<>();
                exclusions.forEach((d, values) -> values.forEach(v -> exclude.add(d.wireName() + ":" + v)));
                arguments.put("exclude", exclude);
            }
            return null;
        }

        /** The left-out names by dimension, in the tools' order; null when one is not of {@code usage}. */
        private Map<Dimension, List<String>> exclusions(UsageKind usage, Dimension by) {
            Map<Dimension, List<String>> found = new LinkedHashMap<>();
            for (Mention m : excluded) {
                Dimension d = dimensionOf(m, usage, by);
                if (d == null) {
                    return null;
                }
                List<String> values = found.computeIfAbsent(d, x -> new ArrayList<>());
                if (!values.contains(m.value())) {
                    values.add(m.value());
                }
            }
            Map<Dimension, List<String>> ordered = new LinkedHashMap<>();
            for (Dimension d : FILTER_ORDER) {
                if (found.containsKey(d)) {
                    ordered.put(d, found.get(d));
                }
            }
            return ordered;
        }

        private String excludedWords() {
            return "without " + excluded.stream().map(Mention::value).collect(Collectors.joining(", "));
        }

        private String withoutWords(Map<Dimension, List<String>> exclusions) {
            if (exclusions.isEmpty()) {
                return "";
            }
            return " without "
                    + exclusions.entrySet().stream()
                            .flatMap(e -> e.getValue().stream().map(v -> Words.named(e.getKey(), v)))
                            .collect(Collectors.joining(" or "));
        }

        private String forWords(Map<Dimension, String> filters) {
            if (filters.isEmpty()) {
                return "";
            }
            return " for "
                    + filters.entrySet().stream()
                            .map(e -> Words.named(e.getKey(), e.getValue()))
                            .collect(Collectors.joining(" and "));
        }

        /**
         * The same report over two periods: the named ones ("A vs B", "A compared to B": B is the
         * base), or the one named against the one before it — the previous whole month, week or
         * quarter for a calendar one, else the same number of days. A period to date is compared
         * like for like: with the same elapsed span of the other, to the hour (in whole days when
         * the other's hours are no longer kept).
         */
        private Interpretation compare(Metric metric) {
            boolean margins = metric == Metric.MARGIN;
            Subject subject = subject();
            if (margins && subject.usage() == UsageKind.INTERNAL) {
                return unanswered("margin is revenue minus AI cost of product usage; internal usage has no revenue");
            }
            if (subject.refused() != null) {
                return unanswered(subject.refused());
            }
            UsageKind usage = subject.usage();
            Dimension by = subject.by();
            Map<Dimension, String> filters = subject.filters();
            TimeRange current;
            TimeRange base;
            if (range == null && overPeriod != null) {
                current = thisPeriod(overPeriod);
                base = before(current);
            } else if (range == null && !margins) {
                // No period: the last whole days against as many right before, like the compare
                // tool's own default; today so far would be a part set against whole days.
                notes.add("No period named: the last " + DEFAULT_DAYS + " whole days, to the start of today");
                LastDays whole = LastDays.ending(today.minusDays(1), DEFAULT_DAYS);
                LastDays before = LastDays.ending(whole.first().minusDays(1), DEFAULT_DAYS);
                current = TimeRange.days(whole.first(), whole.last());
                base = TimeRange.days(before.first(), before.last());
            } else if (range == null) {
                current = periodOrDays();
                base = before(current);
            } else if (second == null || second.equals(range)) {
                current = range;
                base = before(current);
            } else {
                // "A vs B", "A compared to B": B is the reference, whichever period is later.
                current = range;
                base = second;
            }
            String periods;
            if (!margins && current.wholeDays() && base.wholeDays() && toDate(current) != toDate(base)) {
                // A period to date against the same elapsed span of the other: this week so far
                // against the whole of last week would read as a fall that is not one.
                TimeRange partial = toDate(current) ? current : base;
                TimeRange whole = partial == current ? base : current;
                Instant end = hourCeiling();
                Duration elapsed = Duration.between(partial.from(), end);
                Instant startOfToday = TimeRange.start(today);
                if (whole.from().plus(elapsed).isBefore(now.minus(TimeGrain.HOURS_KEPT))
                        && startOfToday.isAfter(partial.from())) {
                    // Hours older than that are not kept (the tool would read that edge as its whole
                    // day): the whole days so far against as many whole days.
                    end = startOfToday;
                    elapsed = Duration.between(partial.from(), end);
                }
                TimeRange[] named = {current, base};
                current = sameSpan(current, elapsed, end);
                base = sameSpan(base, elapsed, end);
                periods = likeForLike(named[0], current, elapsed) + " compared with "
                        + likeForLike(named[1], base, elapsed);
            } else {
                periods = margins
                        ? Words.months(current.firstMonth(), current.lastMonth()) + " compared with "
                                + Words.months(base.firstMonth(), base.lastMonth())
                        : Words.period(current) + " compared with " + Words.period(base);
            }
            String report;
            if (margins) {
                for (Dimension d : filters.keySet()) {
                    if (d != Dimension.TENANT && d != Dimension.FEATURE) {
                        return unanswered("margin is by customer or by feature; " + Words.named(d, filters.get(d))
                                + " is neither");
                    }
                }
                if (by != null && by != Dimension.TENANT && by != Dimension.FEATURE) {
                    return unanswered("margin is by customer or by feature, not by " + Words.noun(by));
                }
                boolean features = by == Dimension.FEATURE || (by == null && filters.containsKey(Dimension.FEATURE));
                report = features ? "margin_by_feature" : "margin_by_customer";
            } else {
                report = "spend";
            }
            int n = limit == null ? CompareQuery.DEFAULT_LIMIT : Math.min(limit, CompareQuery.MAX_LIMIT);
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("report", report);
            SpendMetric measure = measure(metric);
            if (margins) {
                arguments.put("from", current.firstMonth().toString());
                arguments.put("to", current.lastMonth().toString());
                arguments.put("baseFrom", base.firstMonth().toString());
                arguments.put("baseTo", base.lastMonth().toString());
                arguments.put("limit", n);
            } else {
                if (by != null) {
                    arguments.put("by", by.wireName());
                }
                arguments.put("usage", usage.wireName());
                arguments.put("from", current.fromArgument());
                arguments.put("to", current.toArgument());
                arguments.put("baseFrom", base.fromArgument());
                arguments.put("baseTo", base.toArgument());
                arguments.put("limit", n);
                if (measure != SpendMetric.COST) {
                    arguments.put("metric", measure.wireName());
                }
            }
            putFilters(arguments, filters);
            // interpret() refuses a margin with a left-out name first; were one to get here, the
            // compare reader would refuse its exclude rather than drop it.
            Map<Dimension, List<String>> exclusions = exclusions(usage, by);
            String refused = putExclusions(arguments, exclusions, usage, filters);
            if (refused != null) {
                return unanswered(refused);
            }
            String what = margins
                    ? "margin by " + (report.equals("margin_by_feature") ? "feature" : "customer")
                    : Words.measure(measure, metric.words) + (by != null ? " by " + Words.noun(by) : "");
            String reading =
                    what + forWords(filters) + withoutWords(exclusions) + ", " + periods + ", largest changes first";
            return answered(metric, new ToolCall(ReadTool.COMPARE, arguments), current, reading, null, false, n);
        }

        /** "month over month" with no period named: this month (week, …) so far. */
        private TimeRange thisPeriod(String unit) {
            return switch (unit) {
                case "day" -> TimeRange.days(today, today);
                case "week" -> TimeRange.days(
                        today.with(java.time.temporal.TemporalAdjusters.previousOrSame(java.time.DayOfWeek.MONDAY)),
                        today);
                case "quarter" -> TimeRange.days(TimePhrases.quarterStart(today), today);
                case "year" -> TimeRange.days(today.withDayOfYear(1), today);
                default -> TimeRange.days(today.withDayOfMonth(1), today);
            };
        }

        /** A period of whole days that ends today: what has happened of it so far. */
        private boolean toDate(TimeRange period) {
            return period.wholeDays()
                    && period.lastDay().equals(today)
                    && hourCeiling().isAfter(period.from());
        }

        /** The end of what has happened so far, to the hour: the hour under way is read whole. */
        private Instant hourCeiling() {
            return TimeRange.hourCeiling(now);
        }

        /**
         * The first {@code elapsed} of {@code period}, a period to date ending at {@code end}: whole
         * days when {@code elapsed} is whole days, else hour-aligned date-times.
         */
        private TimeRange sameSpan(TimeRange period, Duration elapsed, Instant end) {
            Instant to = toDate(period) ? end : period.from().plus(elapsed);
            if (!to.isBefore(period.to()) && !toDate(period)) {
                return period;
            }
            return elapsed.toHoursPart() == 0
                    ? TimeRange.days(
                            period.firstDay(),
                            LocalDate.ofInstant(to, ZoneOffset.UTC).minusDays(1))
                    : new TimeRange(period.from(), to, false);
        }

        /**
         * "1–22 Nov 2026 to 11:00 UTC", "the same 21 days 11 hours of Oct 2026 (to 22 Oct 2026 11:00
         * UTC)"; in whole days "1–21 Nov 2026 (the whole days so far)", "the same 21 days of Oct 2026
         * (1–21 Oct 2026)"; or the period as named when it is read whole.
         */
        private String likeForLike(TimeRange named, TimeRange read, Duration elapsed) {
            if (toDate(named)) {
                return read.wholeDays()
                        ? Words.period(read) + " (the whole days so far)"
                        : Words.period(named) + " to " + HOUR_OF_DAY.format(read.to()) + " UTC";
            }
            if (read.equals(named)) {
                return Words.period(named);
            }
            return "the same " + span(elapsed) + " of " + Words.period(named) + " ("
                    + (read.wholeDays() ? Words.period(read) : "to " + UNTIL.format(read.to()) + " UTC") + ")";
        }

        /** The period a comparison sets {@code current} against. */
        private TimeRange before(TimeRange current) {
            LocalDate first = current.firstDay();
            LocalDate last = current.lastDay();
            if (!current.wholeDays()) {
                java.time.Duration length = java.time.Duration.between(current.from(), current.to());
                return new TimeRange(current.from().minus(length), current.from(), false);
            }
            boolean toDate = last.equals(today);
            if (first.getDayOfMonth() == 1
                    && (current.wholeMonths()
                            || (toDate && YearMonth.from(first).equals(YearMonth.from(last))))) {
                YearMonth m = YearMonth.from(first);
                long months = current.wholeMonths()
                        ? java.time.temporal.ChronoUnit.MONTHS.between(m, YearMonth.from(last)) + 1
                        : 1;
                return TimeRange.months(m.minusMonths(months), m.minusMonths(1));
            }
            if (toDate && first.equals(TimePhrases.quarterStart(today)) && first.getDayOfMonth() == 1) {
                LocalDate start = first.minusMonths(3);
                return TimeRange.days(start, first.minusDays(1));
            }
            if (first.getDayOfWeek() == java.time.DayOfWeek.MONDAY
                    && toDate
                    && last.toEpochDay() - first.toEpochDay() < 7) {
                return TimeRange.days(first.minusWeeks(1), first.minusDays(1));
            }
            long days = last.toEpochDay() - first.toEpochDay() + 1;
            return TimeRange.days(first.minusDays(days), first.minusDays(1));
        }

        private Interpretation margin() {
            List<String> problems = new ArrayList<>();
            UsageKind usage = usage(problems);
            if (usage != UsageKind.PRODUCT) {
                return unanswered("margin is revenue minus AI cost per customer or feature of product usage; internal"
                        + " usage has no revenue");
            }
            Dimension by = grouping(usage);
            Map<Dimension, String> filters = new LinkedHashMap<>();
            String refused = filters(usage, by, filters);
            if (refused != null) {
                return unanswered(refused);
            }
            for (Dimension d : filters.keySet()) {
                if (d != Dimension.TENANT && d != Dimension.FEATURE) {
                    return unanswered("margin is by customer or by feature; " + Words.named(d, filters.get(d))
                            + " is neither a customer nor a feature");
                }
            }
            if (by != null && by != Dimension.TENANT && by != Dimension.FEATURE) {
                return unanswered("margin is by customer or by feature, not by " + Words.noun(by));
            }
            if (by == null) {
                by = filters.containsKey(Dimension.FEATURE) ? Dimension.FEATURE : Dimension.TENANT;
                if (filters.isEmpty()) {
                    notes.add("Margin without a grouping: read as margin by customer");
                }
            }
            boolean highest =
                    words.stream().anyMatch(HIGHEST::contains) && words.stream().noneMatch(LOWEST::contains);
            int n = limit == null ? (highest ? DEFAULT_LIMIT : MarginQuery.DEFAULT_LIMIT) : limit;
            // Rows come lowest margin first: for the highest, every row is fetched.
            int toolLimit = highest ? MarginQuery.MAX_LIMIT : Math.min(n, MarginQuery.MAX_LIMIT);
            YearMonth first;
            YearMonth last;
            if (range == null) {
                first = YearMonth.from(today);
                last = first;
                notes.add("No period named: this month (margins are per calendar month)");
            } else {
                first = range.firstMonth();
                last = range.lastMonth();
                if (!range.wholeMonths()) {
                    notes.add("Margins are per whole calendar month: " + Words.period(range) + " read as "
                            + Words.months(first, last));
                }
            }
            ReadTool tool = by == Dimension.TENANT ? ReadTool.MARGIN_BY_CUSTOMER : ReadTool.MARGIN_BY_FEATURE;
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("from", first.toString());
            arguments.put("to", last.toString());
            arguments.put("limit", toolLimit);
            putFilters(arguments, filters);
            String reading = "margin by " + Words.noun(by) + forWords(filters) + ", " + Words.months(first, last) + ", "
                    + (highest ? "highest margin first, top " + n : "lowest margin first, up to " + n);
            return answered(
                    Metric.MARGIN,
                    new ToolCall(tool, arguments),
                    TimeRange.months(first, last),
                    reading,
                    null,
                    highest,
                    n);
        }

        private Interpretation waste() {
            List<String> problems = new ArrayList<>();
            UsageKind usage = usage(problems);
            if (usage != UsageKind.PRODUCT) {
                return unanswered("waste is found in product events (failed calls, retries, duplicate steps, runaway"
                        + " runs, cache misses, model overkill); internal usage has none");
            }
            Dimension by = grouping(usage);
            Map<Dimension, String> filters = new LinkedHashMap<>();
            String refused = filters(usage, by, filters);
            if (refused != null) {
                return unanswered(refused);
            }
            if (filters.size() > 1) {
                return unanswered("waste is rolled up by kind and one dimension: it can single out one name, not "
                        + filters.entrySet().stream()
                                .map(e -> Words.named(e.getKey(), e.getValue()))
                                .collect(Collectors.joining(" and ")));
            }
            if (filters.size() == 1) {
                Dimension d = filters.keySet().iterator().next();
                if (!TopWasteQuery.BY.contains(d)) {
                    return unanswered("waste is broken down by feature, model, provider, customer, agent or workflow;"
                            + " it cannot single out " + Words.named(d, filters.get(d)));
                }
                if (by != null && by != d) {
                    return unanswered("waste is rolled up by kind and one dimension: a report by " + Words.noun(by)
                            + " cannot single out " + Words.named(d, filters.get(d)) + "; ask for waste of "
                            + Words.value(filters.get(d)) + " alone");
                }
                by = d;
            }
            if (by != null && !TopWasteQuery.BY.contains(by)) {
                return unanswered("waste is broken down by feature, model, provider, customer, agent or workflow, not"
                        + " by " + Words.noun(by));
            }
            int n = limit == null ? DEFAULT_LIMIT : limit;
            TimeRange period = periodOrDays();
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("from", period.fromArgument());
            arguments.put("to", period.toArgument());
            if (by != null) {
                arguments.put("by", by.wireName());
            }
            arguments.put("limit", Math.min(n, TopWasteQuery.MAX_LIMIT));
            if (wasteKind != null) {
                arguments.put("kind", wasteKind);
            }
            putFilters(arguments, filters);
            String reading = (wasteKind != null ? Words.constant(wasteKind) + " waste" : "waste by kind")
                    + (by != null ? " by " + Words.noun(by) : "") + forWords(filters) + ", " + Words.period(period)
                    + ", top " + n;
            return answered(Metric.WASTE, new ToolCall(ReadTool.TOP_WASTE, arguments), period, reading, null, false, n);
        }

        private Interpretation savings() {
            if (internalName() != null) {
                return unanswered(internalName() + "; savings recommendations are about product usage");
            }
            Map<Dimension, String> filters = new LinkedHashMap<>();
            String refused = filters(UsageKind.PRODUCT, null, filters);
            if (refused != null) {
                return unanswered(refused);
            }
            for (Dimension d : filters.keySet()) {
                if (!SAVINGS_FILTERS.contains(d)) {
                    return unanswered("savings recommendations are about features, customers, workflows and models;"
                            + " they cannot single out " + Words.named(d, filters.get(d)));
                }
            }
            int n = Math.min(limit == null ? DEFAULT_LIMIT : limit, SavingsQuery.MAX_LIMIT);
            TimeRange period = periodOrDays();
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("from", period.fromArgument());
            arguments.put("to", period.toArgument());
            arguments.put("limit", n);
            if (savingsKind != null) {
                arguments.put("kind", savingsKind);
            }
            for (Dimension d : SAVINGS_FILTERS) {
                if (filters.containsKey(d)) {
                    arguments.put(d.wireName(), filters.get(d));
                }
            }
            String reading =
                    (savingsKind != null ? Words.constant(savingsKind) + " recommendations" : "savings recommendations")
                            + forWords(filters) + " judged from " + Words.period(period) + ", top " + n;
            return answered(
                    Metric.SAVINGS,
                    new ToolCall(ReadTool.SAVINGS_RECOMMENDATIONS, arguments),
                    period,
                    reading,
                    null,
                    false,
                    n);
        }

        private Interpretation status(Metric metric) {
            Instant asOf = now;
            if (metric == Metric.BUDGETS && range != null && range.to().isBefore(now)) {
                asOf = range.to().minusSeconds(1);
                notes.add("Budgets as they stood at the end of " + Words.period(range));
            } else if (range != null) {
                notes.add((metric == Metric.ALERTS ? "Active alerts" : "Budget status") + " is as of now; the period"
                        + " named is not used");
            }
            if (internalName() != null) {
                return unanswered(internalName() + "; budgets and alerts watch product usage");
            }
            Map<Dimension, String> filters = new LinkedHashMap<>();
            String refused = filters(UsageKind.PRODUCT, null, filters);
            if (refused != null) {
                return unanswered(refused);
            }
            if (filters.size() > 1) {
                return unanswered("a budget or alert has one scope: it can single out one name, not "
                        + filters.entrySet().stream()
                                .map(e -> Words.named(e.getKey(), e.getValue()))
                                .collect(Collectors.joining(" and ")));
            }
            String scope = null;
            String value = null;
            if (filters.size() == 1) {
                Map.Entry<Dimension, String> f = filters.entrySet().iterator().next();
                scope = scopeOf(f.getKey());
                if (scope == null) {
                    return unanswered("budgets and alerts are scoped to the workspace, a feature, a customer, a model,"
                            + " a provider or an agent; not to " + Words.named(f.getKey(), f.getValue()));
                }
                value = f.getValue();
            } else if (!groupings.isEmpty()) {
                Dimension d = groupings.get(0).getKey().product();
                scope = d == null ? null : scopeOf(d);
            } else if (workspaceWord) {
                scope = "WORKSPACE";
            }
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("asOf", asOf.toString());
            if (scope != null) {
                arguments.put("scope", scope);
            }
            if (value != null) {
                arguments.put("value", value);
            }
            if (metric == Metric.BUDGETS && budgetName != null) {
                arguments.put("name", budgetName);
            }
            if (metric == Metric.BUDGETS && budgetState != null) {
                arguments.put("state", budgetState);
            }
            if (metric == Metric.ALERTS && alertType != null) {
                arguments.put("type", alertType);
            }
            if (metric == Metric.ALERTS && alertSeverity != null) {
                arguments.put("severity", alertSeverity);
            }
            List<String> narrowed = new ArrayList<>();
            if (scope != null) {
                narrowed.add(
                        value != null
                                ? Words.named(filters.keySet().iterator().next(), value)
                                : Words.constant(scope) + " scope");
            }
            arguments.entrySet().stream()
                    .filter(e -> List.of("state", "type", "severity").contains(e.getKey()))
                    .forEach(e -> narrowed.add(Words.constant((String) e.getValue())));
            String reading = (metric == Metric.ALERTS ? "active alerts" : "budget status")
                    + (narrowed.isEmpty() ? "" : " (" + String.join(", ", narrowed) + ")") + " as of "
                    + Words.moment(asOf);
            ReadTool tool = metric == Metric.ALERTS ? ReadTool.ACTIVE_ALERTS : ReadTool.BUDGET_STATUS;
            return answered(metric, new ToolCall(tool, arguments), null, reading, null, false, DEFAULT_LIMIT);
        }

        /** The budget scope of a dimension; null when budgets have none for it. */
        private String scopeOf(Dimension d) {
            for (BudgetScope scope : BudgetScope.values()) {
                if (scope.dimension() == d) {
                    return scope.name();
                }
            }
            return null;
        }

        private TimeRange periodOrDays() {
            if (range != null) {
                return range;
            }
            notes.add("No period named: the last " + DEFAULT_DAYS + " days");
            LastDays days = LastDays.ending(today, DEFAULT_DAYS);
            return TimeRange.days(days.first(), days.last());
        }

        private Interpretation answered(
                Metric metric,
                ToolCall call,
                TimeRange period,
                String reading,
                Focus focus,
                boolean highestFirst,
                int shown) {
            List<String> problems = call.problems();
            if (!problems.isEmpty()) {
                return unanswered("the tool " + call.name() + " cannot answer it: " + String.join("; ", problems));
            }
            String sentence = "Read as: " + Character.toUpperCase(reading.charAt(0)) + reading.substring(1) + ".";
            return new Interpretation(
                    true, metric, call, period, sentence, notes, focus, highestFirst, Math.max(1, shown), null, null);
        }

        private Interpretation unanswered(String reason) {
            return Interpretation.unanswered(reason, notes);
        }
    }

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
