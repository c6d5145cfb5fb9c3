package dev.spendline.query.ask;

import dev.spendline.contracts.query.Dimension;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Finds the names of a workspace's entities in a question's words: exactly (case-insensitively,
 * with spaces, hyphens and underscores interchangeable, so "support bot" is "support-bot"), or
 * with a small typo ({@link TypoDistance}). Longer names are tried first so that "gpt 4.1 mini" is
 * not read as "gpt-4.1". Words that mean something else to the interpreter (metrics, dimensions,
 * time words) are never read as a name by a typo, only by an exact match of several words.
 */
final class EntityMatcher {

    /** A name found at words {@code [start, end)}, with every dimension that has this value. */
    record Mention(int start, int end, String typed, String value, Set<Dimension> dimensions, boolean typo) {}

    private static final int LONGEST = 4;
    /** Shorter words are never typo-matched: "tea" is not the team "team". */
    private static final int MIN_TYPO_LENGTH = 4;

    private final Map<String, Map<String, Set<Dimension>>> byKey = new LinkedHashMap<>();

    EntityMatcher(Vocabulary vocabulary) {
        for (Dimension dimension : Dimension.values()) {
            for (String value : vocabulary.of(dimension)) {
                add(key(value), value, dimension);
                if (dimension == Dimension.EMPLOYEE && value.indexOf('@') > 0) {
                    // "ana lopez" or "ana" for ana.lopez@acme.com; a first name two people share is not guessed
                    String local = key(value.substring(0, value.indexOf('@')));
                    add(local, value, dimension);
                    if (local.indexOf(' ') > 0) {
                        add(local.substring(0, local.indexOf(' ')), value, dimension);
                    }
                }
            }
        }
    }

    private void add(String key, String value, Dimension dimension) {
        byKey.computeIfAbsent(key, k -> new LinkedHashMap<>())
                .computeIfAbsent(value, v -> new LinkedHashSet<>())
                .add(dimension);
    }

    /** Spaces, hyphens, underscores and dots between words all count as the same separator. */
    static String key(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[\\s_.-]+", " ").trim();
    }

    /**
     * The names in {@code words}; {@code reserved} words are not names unless they are part of an
     * exact multi-word match. Ambiguous typos (two names as close) are returned in {@code unsure}.
     */
    List<Mention> find(List<String> words, Set<String> reserved, List<String> unsure) {
        return find(words, reserved, unsure, true);
    }

    /** The words without the names spelled exactly: "growth" the team is not "growth" the trend. */
    String withoutExactNames(String text) {
        List<String> words = List.of(text.split(" "));
        List<String> rest = new ArrayList<>(words);
        for (Mention m : find(words, Set.of(), new ArrayList<>(), false)) {
            for (int i = m.start(); i < m.end(); i++) {
                rest.set(i, "");
            }
        }
        return String.join(" ", rest);
    }

    private List<Mention> find(List<String> words, Set<String> reserved, List<String> unsure, boolean typos) {
        List<Mention> found = new ArrayList<>();
        boolean[] used = new boolean[words.size()];
        for (int length = LONGEST; length >= 1; length--) {
            for (int start = 0; start + length <= words.size(); start++) {
                if (anyUsed(used, start, start + length)) {
                    continue;
                }
                List<String> span = words.subList(start, start + length);
                if (span.stream().anyMatch(String::isBlank)) {
                    continue;
                }
                String typed = String.join(" ", span);
                Mention mention = exact(typed, start, start + length);
                boolean reservedWord = length == 1 && reserved.contains(typed);
                if (typos && mention == null && !reservedWord && span.stream().noneMatch(reserved::contains)) {
                    mention = typo(typed, start, start + length, unsure);
                }
                if (mention != null && !reservedWord) {
                    found.add(mention);
                    for (int i = start; i < start + length; i++) {
                        used[i] = true;
                    }
                }
            }
        }
        found.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return found;
    }

    private Mention exact(String typed, int start, int end) {
        Map<String, Set<Dimension>> values = byKey.get(key(typed));
        if (values == null || values.size() != 1) {
            return null; // two different names with one key ("Acme" and "acme") are not guessed between
        }
        Map.Entry<String, Set<Dimension>> only = values.entrySet().iterator().next();
        return new Mention(start, end, typed, only.getKey(), only.getValue(), false);
    }

    private Mention typo(String typed, int start, int end, List<String> unsure) {
        String key = key(typed);
        if (key.replace(" ", "").length() < MIN_TYPO_LENGTH || key.chars().allMatch(Character::isDigit)) {
            return null;
        }
        int best = Integer.MAX_VALUE;
        Map<String, Set<Dimension>> closest = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Set<Dimension>>> candidate : byKey.entrySet()) {
            String name = candidate.getKey();
            int max = TypoDistance.tolerance(name.length());
            int distance = TypoDistance.distance(key, name, max);
            if (distance > max || distance > best) {
                continue;
            }
            if (distance < best) {
                best = distance;
                closest.clear();
            }
            candidate
                    .getValue()
                    .forEach((value, dims) -> closest.merge(value, dims, (a, b) -> {
                        Set<Dimension> both = new LinkedHashSet<>(a);
                        both.addAll(b);
                        return both;
                    }));
        }
        if (closest.isEmpty()) {
            return null;
        }
        if (closest.size() > 1) {
            unsure.add("'" + typed + "' could be "
                    + String.join(
                            " or ",
                            closest.keySet().stream().map(v -> "'" + v + "'").toList()));
            return null;
        }
        Map.Entry<String, Set<Dimension>> only = closest.entrySet().iterator().next();
        return new Mention(start, end, typed, only.getKey(), only.getValue(), true);
    }

    private static boolean anyUsed(boolean[] used, int from, int to) {
        for (int i = from; i < to; i++) {
            if (used[i]) {
                return true;
            }
        }
        return false;
    }
}
