package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.ask.Lexicon.Noun;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the names of a question make of it, once it is read: the usage kind everything agrees on,
 * the grouping, the filters (a name each of a dimension) and the names left out, each dimension
 * chosen among those a name is seen in. Says every choice the asker did not spell out in a note.
 */
final class DimensionReading {

    private final Terms terms;
    private final List<Mention> mentions;
    private final List<Mention> excluded;
    private final List<String> notes;

    /**
     * @param mentions the names the question keeps (the left-out ones are in {@code excluded})
     * @param notes the reading's notes, added to in the order the call builders ask
     */
    DimensionReading(Terms terms, List<Mention> mentions, List<Mention> excluded, List<String> notes) {
        this.terms = terms;
        this.mentions = List.copyOf(mentions);
        this.excluded = List.copyOf(excluded);
        this.notes = notes;
    }

    /** The usage kind everything in the question agrees on; null (with the reason) when it mixes both. */
    UsageKind usage(List<String> problems) {
        EnumSet<UsageKind> kinds =
                EnumSet.copyOf(terms.usageSaid().isEmpty() ? EnumSet.noneOf(UsageKind.class) : terms.usageSaid());
        for (Map.Entry<Noun, Boolean> g : terms.groupings()) {
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
            boolean tools = terms.groupings().stream().anyMatch(g -> g.getKey().product() == Dimension.TOOL);
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
    Set<Dimension> candidates(Mention m) {
        Noun label = terms.labels().get(m);
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
    Dimension grouping(UsageKind usage) {
        Map.Entry<Noun, Boolean> chosen = terms.groupings().stream()
                .filter(Map.Entry::getValue)
                .findFirst()
                .orElse(terms.groupings().isEmpty() ? null : terms.groupings().get(0));
        if (chosen == null) {
            return null;
        }
        Set<Dimension> others = new java.util.LinkedHashSet<>();
        for (Map.Entry<Noun, Boolean> g : terms.groupings()) {
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
    Dimension dimensionOf(Mention m, UsageKind usage, Dimension by) {
        List<Dimension> possible = Lexicon.NAME_PREFERENCE.stream()
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

    /** What a spend report or comparison is of: its usage, grouping and filters; or why not. */
    record Subject(UsageKind usage, Dimension by, Map<Dimension, String> filters, String refused) {}

    Subject subject() {
        List<String> problems = new ArrayList<>();
        UsageKind usage = usage(problems);
        if (usage == null) {
            return new Subject(null, null, null, problems.get(0));
        }
        Dimension by = grouping(usage);
        if (!terms.groupings().isEmpty() && by == null) {
            return new Subject(usage, null, null, "that grouping is not a dimension of " + usage.wireName() + " usage");
        }
        Map<Dimension, String> filters = new LinkedHashMap<>();
        return new Subject(usage, by, filters, filters(usage, by, filters));
    }

    /**
     * Every named value of {@code usage} as a filter, in the tools' order; the reason when two
     * values of one dimension are named (a filter takes one value).
     */
    String filters(UsageKind usage, Dimension by, Map<Dimension, String> filters) {
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
        for (Dimension d : Lexicon.FILTER_ORDER) {
            if (found.containsKey(d)) {
                filters.put(d, found.get(d));
            }
        }
        return null;
    }

    /** A name the question gives that only internal usage has, for a tool of product usage; null if none. */
    String internalName() {
        for (Mention m : mentions) {
            if (candidates(m).stream().noneMatch(d -> d.kind() == UsageKind.PRODUCT)) {
                Dimension d = candidates(m).iterator().next();
                return Words.named(d, m.value()) + " is of internal usage (employees' AI tools)";
            }
        }
        return null;
    }

    /** The left-out names by dimension, in the tools' order; null when one is not of {@code usage}. */
    Map<Dimension, List<String>> exclusions(UsageKind usage, Dimension by) {
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
        for (Dimension d : Lexicon.FILTER_ORDER) {
            if (found.containsKey(d)) {
                ordered.put(d, found.get(d));
            }
        }
        return ordered;
    }
}
