package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

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

    /**
     * Words at {@code [start, end)} that look like a name the workspace does not have: a different
     * version or variant of {@code nearest} ("gpt-4.1-2025-04-14", "gpt-4.2" beside "gpt-4.1").
     */
    record Absent(int start, int end, String typed, String nearest, Set<Dimension> dimensions) {}

    private static final int LONGEST = 4;
    /** Shorter words are never typo-matched: "tea" is not the team "team". */
    private static final int MIN_TYPO_LENGTH = 4;
    /** Shorter words are never the start of a longer name: "data" is not the team "data-science". */
    private static final int MIN_PREFIX_LENGTH = 5;

    private static final Pattern SEPARATORS = Pattern.compile("[\\s_.-]+");

    /** The matchers of the vocabularies read lately (see {@link RecentByIdentity}). */
    private static final RecentByIdentity<Vocabulary, EntityMatcher> RECENT = new RecentByIdentity<>(64);

    private final Map<String, Map<String, Set<Dimension>>> byKey = new LinkedHashMap<>();

    /** The matcher of {@code vocabulary}, built once while it is among the latest 64. */
    static EntityMatcher of(Vocabulary vocabulary) {
        return RECENT.get(vocabulary, EntityMatcher::new);
    }

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
        return SEPARATORS.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ").trim();
    }

    /**
     * The names in {@code words}; {@code reserved} words are not names unless they are part of an
     * exact multi-word match. Ambiguous typos (two names as close) are returned in {@code unsure}.
     */
    List<Mention> find(List<String> words, Set<String> reserved, List<String> unsure) {
        return find(words, reserved, unsure, new ArrayList<>(), true);
    }

    /**
     * As {@link #find(List, Set, List)}, with the words that are another version or variant of a
     * name (see {@link #otherValue}) in {@code absent}: they are never read as that name.
     */
    List<Mention> find(List<String> words, Set<String> reserved, List<String> unsure, List<Absent> absent) {
        return find(words, reserved, unsure, absent, true);
    }

    /** The names spelled exactly in {@code words}, without typo matching (write requests name what they change). */
    List<Mention> exactNames(List<String> words) {
        return find(words, Set.of(), new ArrayList<>(), new ArrayList<>(), false);
    }

    /** The words without the names spelled exactly: "growth" the team is not "growth" the trend. */
    String withoutExactNames(String text) {
        List<String> words = List.of(text.split(" "));
        List<String> rest = new ArrayList<>(words);
        for (Mention m : find(words, Set.of(), new ArrayList<>(), new ArrayList<>(), false)) {
            for (int i = m.start(); i < m.end(); i++) {
                rest.set(i, "");
            }
        }
        return String.join(" ", rest);
    }

    private List<Mention> find(
            List<String> words, Set<String> reserved, List<String> unsure, List<Absent> absent, boolean typos) {
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
                int absentBefore = absent.size();
                if (typos && mention == null && !reservedWord && span.stream().noneMatch(reserved::contains)) {
                    mention = prefix(typed, start, start + length, absent);
                    if (mention == null && absent.size() == absentBefore) {
                        mention = typo(typed, start, start + length, unsure, absent);
                    }
                    if (mention == null && absent.size() == absentBefore) {
                        Absent other = otherValue(typed, start, start + length, reserved);
                        if (other != null) {
                            absent.add(other);
                        }
                    }
                }
                if (absent.size() > absentBefore) {
                    for (int i = start; i < start + length; i++) {
                        used[i] = true;
                    }
                } else if (mention != null && !reservedWord) {
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

    private Mention typo(String typed, int start, int end, List<String> unsure, List<Absent> absent) {
        String key = key(typed);
        if (key.replace(" ", "").length() < MIN_TYPO_LENGTH || key.chars().allMatch(Character::isDigit)) {
            return null;
        }
        int best = Integer.MAX_VALUE;
        Map<String, Set<Dimension>> closest = new LinkedHashMap<>();
        Map.Entry<String, Map<String, Set<Dimension>>> otherVersion = null;
        int otherDistance = Integer.MAX_VALUE;
        for (Map.Entry<String, Map<String, Set<Dimension>>> candidate : byKey.entrySet()) {
            String name = candidate.getKey();
            int max = TypoDistance.tolerance(name.length());
            int distance = TypoDistance.distance(key, name, max);
            if (distance > max || key.startsWith(name + " ")) {
                continue; // more words after a name are a variant of it ("support-bot-v"), not a typo
            }
            if (!TypoDistance.sameNumbers(key, name)) {
                // "gpt-4.2" is one edit from "gpt-4.1" but a different model, not a misspelling of it
                if (distance < otherDistance) {
                    otherVersion = candidate;
                    otherDistance = distance;
                }
                continue;
            }
            if (distance > best) {
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
            if (otherVersion != null && otherVersion.getValue().size() == 1) {
                Map.Entry<String, Set<Dimension>> only =
                        otherVersion.getValue().entrySet().iterator().next();
                absent.add(new Absent(start, end, typed, only.getKey(), only.getValue()));
            }
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

    /**
     * The one name that starts with the typed words followed by a separator ("umbrella" for
     * "umbrella-corp"); null when none or several do ("claude" is both "claude-sonnet-4" and
     * "claude_code"). Typed words ending in a digit name a version: "gpt-5" is not "gpt-5-codex" but
     * a name the workspace does not have, added to {@code absent}.
     */
    private Mention prefix(String typed, int start, int end, List<Absent> absent) {
        String key = key(typed);
        if (key.length() < MIN_PREFIX_LENGTH) {
            return null;
        }
        Map<String, Set<Dimension>> starting = new LinkedHashMap<>();
        byKey.forEach((name, values) -> {
            if (name.startsWith(key + " ")) {
                values.forEach((value, dims) -> starting.computeIfAbsent(value, v -> new LinkedHashSet<>())
                        .addAll(dims));
            }
        });
        if (!starting.isEmpty() && Character.isDigit(key.charAt(key.length() - 1))) {
            Map.Entry<String, Set<Dimension>> first =
                    starting.entrySet().iterator().next();
            absent.add(new Absent(start, end, typed, first.getKey(), first.getValue()));
            return null;
        }
        if (starting.size() != 1) {
            return null;
        }
        Map.Entry<String, Set<Dimension>> only = starting.entrySet().iterator().next();
        return new Mention(start, end, typed, only.getKey(), only.getValue(), true);
    }

    /**
     * A word that is a name with more after a separator ("gpt-4.1-2025-04-14", "claude-sonnet-4-5"
     * beside "claude-sonnet-4"): another version or variant of that name, which the workspace has
     * not seen. The longest such name is the nearest. Words Ask uses after the name ("growth-team")
     * do not make a variant. Over several words only numbers make one ("claude sonnet 4 5"): "acme
     * onboarding" is two names.
     */
    private Absent otherValue(String typed, int start, int end, Set<String> reserved) {
        String key = key(typed);
        String nearest = null;
        for (String name : byKey.keySet()) {
            if (key.startsWith(name + " ")
                    && byKey.get(name).size() == 1
                    && (nearest == null || name.length() > nearest.length())) {
                nearest = name;
            }
        }
        if (nearest == null) {
            return null;
        }
        String more = key.substring(nearest.length() + 1);
        if (java.util.Arrays.stream(more.split(" ")).allMatch(reserved::contains)
                || (end - start > 1 && !more.matches("[\\d ]+"))) {
            return null;
        }
        Map.Entry<String, Set<Dimension>> only =
                byKey.get(nearest).entrySet().iterator().next();
        return new Absent(start, end, typed, only.getKey(), only.getValue());
    }

    /**
     * Up to {@code count} names of {@code dimensions} nearest to {@code typed}, nearest first (then
     * alphabetically): the "did you mean" of a name the workspace does not have. Names more than
     * half the typed length away are too far to suggest.
     */
    List<String> nearest(String typed, Set<Dimension> dimensions, int count) {
        String key = key(typed);
        int bound = Math.max(2, key.length() / 2);
        Map<String, Integer> distances = new LinkedHashMap<>();
        byKey.forEach((name, values) -> values.forEach((value, dims) -> {
            if (dims.stream().anyMatch(dimensions::contains)) {
                int distance = TypoDistance.distance(key, name, bound);
                if (distance <= bound) {
                    distances.merge(value, distance, Math::min);
                }
            }
        }));
        return distances.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .limit(count)
                .map(Map.Entry::getKey)
                .toList();
    }

    /**
     * The {@code count} names of {@code dimensions} closest to {@code typed}, however far: for a
     * name plainly not in the data ("claude-opus-4"), the ones to offer instead of none.
     */
    List<String> closest(String typed, Set<Dimension> dimensions, int count) {
        String key = key(typed);
        Map<String, Integer> distances = new LinkedHashMap<>();
        byKey.forEach((name, values) -> values.forEach((value, dims) -> {
            if (dims.stream().anyMatch(dimensions::contains)) {
                distances.merge(value, TypoDistance.distance(key, name, key.length() + name.length()), Math::min);
            }
        }));
        return distances.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .limit(count)
                .map(Map.Entry::getKey)
                .toList();
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
