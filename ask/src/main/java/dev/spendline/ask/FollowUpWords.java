package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** What a follow-up changed in the previous call, in words: "1–31 Oct 2026; only customer 'globex'". */
final class FollowUpWords {

    private FollowUpWords() {}

    static String changes(ToolCall before, ToolCall after) {
        List<String> changes = new ArrayList<>();
        if (before.tool() != after.tool()) {
            changes.add(after.name().replace('_', ' ') + " instead of "
                    + before.name().replace('_', ' '));
        }
        Map<String, Object> a = before.arguments();
        Map<String, Object> b = after.arguments();
        if (!Objects.equals(a.get("from"), b.get("from")) || !Objects.equals(a.get("to"), b.get("to"))) {
            TimeRange range = FollowUps.range(b);
            changes.add(range == null ? "another period" : Words.period(range));
        }
        if (!Objects.equals(a.get("baseFrom"), b.get("baseFrom"))
                || !Objects.equals(a.get("baseTo"), b.get("baseTo"))) {
            TimeRange base = FollowUps.range(
                    Map.of("from", String.valueOf(b.get("baseFrom")), "to", String.valueOf(b.get("baseTo"))));
            if (base != null) {
                changes.add("compared with " + Words.period(base));
            }
        }
        if (!Objects.equals(a.get("by"), b.get("by")) && b.get("by") != null) {
            changes.add("by " + noun(b, (String) b.get("by")));
        }
        if (!Objects.equals(a.get("per"), b.get("per"))) {
            changes.add(b.get("per") == null ? "one grouping" : "per " + b.get("per"));
        }
        if (!Objects.equals(a.get("metric"), b.get("metric"))) {
            changes.add(
                    b.get("metric") == null
                            ? "cost"
                            : String.valueOf(b.get("metric")).replace('_', ' '));
        }
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String key : keys) {
            if (!Referents.DIMENSIONS.contains(key) || Objects.equals(a.get(key), b.get(key))) {
                continue;
            }
            Dimension d = FollowUps.dimension(b, key);
            if (b.get(key) == null) {
                changes.add("all " + Words.nouns(d) + " again");
            } else {
                changes.add("only " + Words.named(d, String.valueOf(b.get(key))));
            }
        }
        if (!Objects.equals(a.get("exclude"), b.get("exclude")) && b.get("exclude") instanceof List<?> excluded) {
            List<String> names = new ArrayList<>();
            for (Object e : excluded) {
                String[] parts = String.valueOf(e).split(":", 2);
                names.add(parts.length == 2 ? Words.named(FollowUps.dimension(b, parts[0]), parts[1]) : parts[0]);
            }
            changes.add("without " + String.join(", ", names));
        }
        for (String key : keys) {
            boolean described = Referents.DIMENSIONS.contains(key)
                    || Set.of("from", "to", "baseFrom", "baseTo", "by", "per", "metric", "exclude", "usage", "asOf")
                            .contains(key);
            if (!described && !Objects.equals(a.get(key), b.get(key))) {
                changes.add(b.get(key) == null ? "no " + key : key + " " + b.get(key));
            }
        }
        return String.join("; ", changes);
    }

    private static String noun(Map<String, Object> arguments, String by) {
        Dimension d = FollowUps.dimension(arguments, by);
        return d == null ? by : Words.noun(d);
    }
}
