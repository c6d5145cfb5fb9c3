package dev.spendline.cli.collector;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a change to one member of a JSON file's top-level object ({@code env} of Claude Code's
 * settings) into the file's own text, so that every other byte stays as it was: other members,
 * their spacing and line breaks, and the members of {@code env} that did not change. Docs promise
 * "nothing else changes"; re-printing the whole file would reformat lines setup never touched.
 *
 * <p>A small scanner over text that is already known to be valid JSON (Jackson parsed it first):
 * it finds the spans of members and values, and edits are applied from the end backwards. Anything
 * it does not handle (duplicate keys, a non-object member) returns null, and the caller prints the
 * whole file instead; so does a result that would not parse back to the intended tree.
 */
final class JsonSplice {

    /** As {@link ClaudeSettings} reads: 1.50 stays 1.50, so unchanged values compare equal. */
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private record Member(String key, int keyStart, int valueStart, int valueEnd) {}

    private record Span(int open, int close, List<Member> members) {}

    private record Edit(int start, int end, String text) {}

    private JsonSplice() {}

    /**
     * {@code text} with its top-level member {@code name} made equal to {@code wanted}'s (added,
     * changed or removed); null when it cannot be done in place. {@code render} prints a value
     * with a given indentation of its first line's container (for values that are written whole).
     */
    static String member(
            String text,
            String name,
            ObjectNode wanted,
            String unit,
            String newline,
            BiFunction<JsonNode, String, String> render) {
        int open = skipSpace(text, 0);
        if (open >= text.length() || text.charAt(open) != '{') {
            return null;
        }
        Span root = object(text, open);
        Member current = only(root, name);
        if (current == DUPLICATE) {
            return null;
        }
        JsonNode value = wanted.get(name);
        List<Edit> edits = new ArrayList<>();
        String rootIndent = root.members().isEmpty()
                ? ""
                : indentOf(text, root.members().get(0).keyStart());
        if (rootIndent.isEmpty()) {
            rootIndent = unit;
        }
        if (current == null && value == null) {
            return text;
        } else if (current == null) {
            String member = quote(name) + ": " + render.apply(value, rootIndent);
            if (root.members().isEmpty()) {
                edits.add(new Edit(root.open(), root.close() + 1, "{" + newline + rootIndent + member + newline + "}"));
            } else {
                int end = root.members().get(root.members().size() - 1).valueEnd();
                edits.add(new Edit(end, end, "," + newline + rootIndent + member));
            }
        } else if (value == null) {
            Edit removal = removal(root, root.members().indexOf(current));
            if (removal == null) {
                return null;
            }
            edits.add(removal);
        } else if (!value.isObject() || text.charAt(current.valueStart()) != '{') {
            edits.add(new Edit(
                    current.valueStart(), current.valueEnd(), render.apply(value, indentOf(text, current.keyStart()))));
        } else {
            List<Edit> inner = members(
                    text,
                    object(text, current.valueStart()),
                    (ObjectNode) value,
                    indentOf(text, current.keyStart()),
                    unit,
                    newline);
            if (inner == null) {
                edits.add(new Edit(
                        current.valueStart(),
                        current.valueEnd(),
                        render.apply(value, indentOf(text, current.keyStart()))));
            } else {
                edits.addAll(inner);
            }
        }
        edits.sort(
                Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end).reversed());
        StringBuilder out = new StringBuilder(text);
        for (Edit e : edits) {
            out.replace(e.start(), e.end(), e.text());
        }
        String result = out.toString();
        return MAPPER.readTree(result).equals(wanted) ? result : null;
    }

    /** The edits that turn the object at {@code span} into {@code wanted}, or null to print it whole. */
    private static List<Edit> members(
            String text, Span span, ObjectNode wanted, String containerIndent, String unit, String newline) {
        Set<String> seen = new HashSet<>();
        for (Member m : span.members()) {
            if (!seen.add(m.key())) {
                return null;
            }
        }
        List<Member> members = span.members();
        List<Integer> removed = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            if (!wanted.has(members.get(i).key())) {
                removed.add(i);
            }
        }
        // Removing the first member takes its key up to the second's; with the second removed too
        // the two spans would overlap: print the object whole (only uninstall removes members).
        if (members.isEmpty() || removed.size() == members.size() || (removed.contains(0) && removed.contains(1))) {
            return null;
        }
        List<Edit> edits = new ArrayList<>();
        int lastKept = -1;
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            if (removed.contains(i)) {
                edits.add(
                        i == 0
                                ? new Edit(m.keyStart(), members.get(1).keyStart(), "")
                                : new Edit(members.get(i - 1).valueEnd(), m.valueEnd(), ""));
                continue;
            }
            lastKept = i;
            JsonNode now = MAPPER.readTree(text.substring(m.valueStart(), m.valueEnd()));
            JsonNode next = wanted.get(m.key());
            if (!now.equals(next)) {
                edits.add(new Edit(m.valueStart(), m.valueEnd(), MAPPER.writeValueAsString(next)));
            }
        }
        String memberIndent = indentOf(text, members.get(0).keyStart());
        if (memberIndent.isEmpty()) {
            memberIndent = containerIndent + unit;
        }
        StringBuilder added = new StringBuilder();
        for (var entry : wanted.properties()) {
            if (!seen.contains(entry.getKey())) {
                if (!entry.getValue().isValueNode()) {
                    return null;
                }
                added.append(',')
                        .append(newline)
                        .append(memberIndent)
                        .append(quote(entry.getKey()))
                        .append(": ")
                        .append(MAPPER.writeValueAsString(entry.getValue()));
            }
        }
        if (!added.isEmpty()) {
            int end = members.get(lastKept).valueEnd();
            edits.add(new Edit(end, end, added.toString()));
        }
        return edits;
    }

    private static final Member DUPLICATE = new Member("", -1, -1, -1);

    private static Member only(Span span, String key) {
        Member found = null;
        for (Member m : span.members()) {
            if (m.key().equals(key)) {
                if (found != null) {
                    return DUPLICATE;
                }
                found = m;
            }
        }
        return found;
    }

    private static Edit removal(Span span, int index) {
        List<Member> members = span.members();
        if (members.size() == 1) {
            return new Edit(span.open(), span.close() + 1, "{}");
        }
        return index == 0
                ? new Edit(members.get(0).keyStart(), members.get(1).keyStart(), "")
                : new Edit(members.get(index - 1).valueEnd(), members.get(index).valueEnd(), "");
    }

    /** The object whose '{' is at {@code open}: its members' spans and the index of its '}'. */
    private static Span object(String text, int open) {
        List<Member> members = new ArrayList<>();
        int i = skipSpace(text, open + 1);
        if (text.charAt(i) == '}') {
            return new Span(open, i, members);
        }
        while (true) {
            int keyStart = i;
            int keyEnd = endOfString(text, i);
            String key = MAPPER.readValue(text.substring(keyStart, keyEnd), String.class);
            i = skipSpace(text, keyEnd);
            if (text.charAt(i) != ':') {
                throw new IllegalArgumentException("expected ':' at " + i);
            }
            int valueStart = skipSpace(text, i + 1);
            int valueEnd = endOfValue(text, valueStart);
            members.add(new Member(key, keyStart, valueStart, valueEnd));
            i = skipSpace(text, valueEnd);
            char c = text.charAt(i);
            if (c == '}') {
                return new Span(open, i, members);
            }
            if (c != ',') {
                throw new IllegalArgumentException("expected ',' or '}' at " + i);
            }
            i = skipSpace(text, i + 1);
        }
    }

    private static int endOfValue(String text, int i) {
        char c = text.charAt(i);
        if (c == '"') {
            return endOfString(text, i);
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            int j = i;
            while (true) {
                char d = text.charAt(j);
                if (d == '"') {
                    j = endOfString(text, j);
                    continue;
                }
                if (d == '{' || d == '[') {
                    depth++;
                } else if (d == '}' || d == ']') {
                    depth--;
                    if (depth == 0) {
                        return j + 1;
                    }
                }
                j++;
            }
        }
        int j = i;
        while (j < text.length() && ",}] \t\r\n".indexOf(text.charAt(j)) < 0) {
            j++;
        }
        return j;
    }

    private static int endOfString(String text, int i) {
        int j = i + 1;
        while (text.charAt(j) != '"') {
            j += text.charAt(j) == '\\' ? 2 : 1;
        }
        return j + 1;
    }

    private static int skipSpace(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The whitespace before {@code at} on its line ("" when something else precedes it there). */
    private static String indentOf(String text, int at) {
        int start = at;
        while (start > 0 && (text.charAt(start - 1) == ' ' || text.charAt(start - 1) == '\t')) {
            start--;
        }
        return start == 0 || text.charAt(start - 1) == '\n' ? text.substring(start, at) : "";
    }

    private static String quote(String key) {
        return MAPPER.writeValueAsString(key);
    }
}
