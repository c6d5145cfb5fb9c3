package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.WasteKind;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The words Ask reads for the contracts' enums, derived from them so that a new dimension, metric,
 * grain or waste kind is read by its own name with no edit here: a dimension by its wire name and
 * its plural ("region", "regions"), plus the everyday synonyms below; a metric, a waste kind and a
 * grain by their names in words ("cache read tokens", "cache miss", "per week"), after the phrases
 * {@link AskPhrases} knows for them. The dimension orders every surface uses come from {@link
 * Dimension#ORDER}. {@code LexiconTest} reads every constant of the four enums through the
 * interpreter.
 */
final class Lexicon {

    private Lexicon() {}

    /** A dimension word and the dimension it means in product and in internal usage (null: none). */
    record Noun(Dimension product, Dimension internal) {

        Dimension in(UsageKind usage) {
            return usage == UsageKind.INTERNAL ? internal : product;
        }

        UsageKind onlyKind() {
            return product == null ? UsageKind.INTERNAL : internal == null ? UsageKind.PRODUCT : null;
        }
    }

    /** Everyday words for a dimension besides its wire name, by wire name: the only list kept by hand. */
    private static final Map<String, List<String>> SYNONYMS = Map.of(
            "tenant", List.of("customer", "customers", "client", "clients", "account", "accounts"),
            "model", List.of("llm", "llms"),
            "provider", List.of("vendor", "vendors"),
            "employee",
                    List.of(
                            "engineer",
                            "engineers",
                            "developer",
                            "developers",
                            "people",
                            "person",
                            "staff",
                            "colleague",
                            "colleagues"),
            "team", List.of("department", "departments", "squad", "squads"));

    /** Every dimension word: each wire name, its plural and its synonyms, with what it means per usage. */
    static final Map<String, Noun> NOUNS = nouns();

    private static Map<String, Noun> nouns() {
        Map<String, Noun> nouns = new LinkedHashMap<>();
        for (String name : Dimension.wireNamesInOrder()) {
            Noun noun = new Noun(Dimension.of(UsageKind.PRODUCT, name), Dimension.of(UsageKind.INTERNAL, name));
            Stream.concat(Stream.of(name, plural(name)), SYNONYMS.getOrDefault(name, List.of()).stream())
                    .forEach(word -> nouns.put(word, noun));
        }
        return Map.copyOf(nouns);
    }

    /** The words that mean {@code dimension}: its wire name, plural and synonyms. */
    static List<String> words(Dimension dimension) {
        return NOUNS.entrySet().stream()
                .filter(e -> e.getValue().in(dimension.kind()) == dimension)
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }

    /** "feature" → "features", "category" → "categories", "status" → "statuses". */
    static String plural(String word) {
        if (word.endsWith("s") || word.endsWith("x") || word.endsWith("ch") || word.endsWith("sh")) {
            return word + "es";
        }
        if (word.endsWith("y") && word.length() > 1 && "aeiou".indexOf(word.charAt(word.length() - 2)) < 0) {
            return word.substring(0, word.length() - 1) + "ies";
        }
        return word + "s";
    }

    /** The order filters are passed and named in ({@link Dimension#ORDER}). */
    static final List<Dimension> FILTER_ORDER = Dimension.ORDER;

    /** The arguments that filter on a dimension, in the order they are named: {@code tenant}, {@code feature}… */
    static final List<String> FILTER_NAMES = Dimension.wireNamesInOrder();

    /**
     * Dimensions whose values are not matched as names: end-user ids would crowd the typo matching,
     * and statuses, outcomes and sources are named rarely. Every other dimension is, a new one too.
     */
    private static final Set<Dimension> NOT_NAMES =
            EnumSet.of(Dimension.USER, Dimension.STATUS, Dimension.OUTCOME, Dimension.SOURCE);

    /** The dimensions whose values Ask matches as names ({@link Vocabulary#DIMENSIONS}). */
    static final List<Dimension> NAMED =
            FILTER_ORDER.stream().filter(d -> !NOT_NAMES.contains(d)).toList();

    /**
     * Which dimension a bare name is read as when several have it: product spend first, the
     * dimensions people most often mean by a bare name ahead, then the rest in {@link #FILTER_ORDER}.
     */
    static final List<Dimension> NAME_PREFERENCE = Stream.concat(
                    Stream.of(
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
                            Dimension.CATEGORY),
                    FILTER_ORDER.stream())
            .distinct()
            .toList();

    /** A constant's name in words: {@code CACHE_READ_TOKENS} → "cache read tokens". */
    static String inWords(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** Each metric by its name in words ("cache read tokens", "cost per 1k tokens"). */
    static final List<Map.Entry<Pattern, SpendMetric>> METRIC_NAMES = Arrays.stream(SpendMetric.values())
            .map(m -> Map.entry(wordsPattern(inWords(m)), m))
            .toList();

    /** Each waste kind by its name in words, singular or plural ("cache miss", "duplicate steps"). */
    static final List<Map.Entry<Pattern, String>> WASTE_KIND_NAMES = Arrays.stream(WasteKind.values())
            .map(k -> Map.entry(wordsPattern(inWords(k), plural(inWords(k))), k.name()))
            .toList();

    /** Each grain by its unit: "per week", "by week", "each week", "every week", "week by week". */
    static final List<Map.Entry<Pattern, TimeGrain>> GRAIN_NAMES = Arrays.stream(TimeGrain.values())
            .map(g -> {
                String unit = g.wireName();
                return Map.entry(
                        wordsPattern(
                                "per " + unit,
                                "per-" + unit,
                                "each " + unit,
                                "every " + unit,
                                unit + " by " + unit,
                                unit + "-by-" + unit),
                        g);
            })
            .toList();

    private static Pattern wordsPattern(String... phrases) {
        return Pattern.compile("\\b(?:"
                + String.join("|", Arrays.stream(phrases).map(Pattern::quote).toList()) + ")\\b");
    }
}
