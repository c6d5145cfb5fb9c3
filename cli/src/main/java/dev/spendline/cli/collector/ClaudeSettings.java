package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Claude Code's {@code ~/.claude/settings.json}: the telemetry variables in its {@code env} block.
 * Read with Jackson, which keeps the keys in their order; only {@code env} is written back, into the
 * file's own text ({@link JsonSplice}), so every other line keeps its bytes. New values are written
 * the way Claude Code writes them ({@code JSON.stringify(settings, null, 2)}: {@code "key": value},
 * empty containers as {@code {}} and {@code []}), with the indentation the file already had. When
 * nothing needs to change the original bytes are kept as they are.
 *
 * <p>Two variables are lists that other tools also use, so setup merges its one entry into them
 * rather than replacing them: {@code OTEL_RESOURCE_ATTRIBUTES} ({@code user.email=<email>}) and
 * {@code OTEL_EXPORTER_OTLP_HEADERS} ({@code x-spendline-collector=<token>}).
 */
final class ClaudeSettings {

    static final String RESOURCE_ATTRIBUTES = "OTEL_RESOURCE_ATTRIBUTES";
    static final String HEADERS = "OTEL_EXPORTER_OTLP_HEADERS";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            // Numbers come back as written: 1.50 stays 1.50, not 1.5.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private ClaudeSettings() {}

    /** The plain variables setup sets, in the order it adds them. */
    static Map<String, String> plainValues(int port) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("CLAUDE_CODE_ENABLE_TELEMETRY", "1");
        values.put("OTEL_LOGS_EXPORTER", "otlp");
        values.put("OTEL_METRICS_EXPORTER", "otlp");
        values.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json");
        values.put("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + port);
        return values;
    }

    /** The entries merged into list variables: variable → (entry key, entry value). */
    static Map<String, Map.Entry<String, String>> mergedEntries(String token, String email) {
        Map<String, Map.Entry<String, String>> entries = new LinkedHashMap<>();
        entries.put(HEADERS, Map.entry(OtlpReceiver.TOKEN_HEADER, token));
        entries.put(RESOURCE_ATTRIBUTES, Map.entry("user.email", email));
        return entries;
    }

    /**
     * The patched file, or {@code original} itself when everything is already right. What it
     * replaced is added to {@code record} (only the first time a key is changed: uninstall restores
     * the value from before the first setup).
     */
    static byte[] patch(byte[] original, int port, String token, String email, ObjectNode record) {
        ObjectNode root = parse(original);
        JsonNode envNode = root.get("env");
        if (envNode != null && !envNode.isObject()) {
            throw new IllegalArgumentException("its \"env\" is not an object");
        }
        ObjectNode env = (ObjectNode) envNode;
        boolean createdEnv = false;
        if (env == null) {
            env = MAPPER.createObjectNode();
            createdEnv = true;
        }
        ObjectNode keys = record.has("keys") ? (ObjectNode) record.get("keys") : record.putObject("keys");
        boolean changed = false;
        for (Map.Entry<String, String> wanted : plainValues(port).entrySet()) {
            JsonNode current = env.get(wanted.getKey());
            if (current == null || !current.isString() || !current.asString().equals(wanted.getValue())) {
                if (!keys.has(wanted.getKey())) {
                    ObjectNode key = keys.putObject(wanted.getKey());
                    key.set("original", current == null ? null : current.deepCopy());
                }
                ((ObjectNode) keys.get(wanted.getKey())).put("set", wanted.getValue());
                env.put(wanted.getKey(), wanted.getValue());
                changed = true;
            }
        }
        for (Map.Entry<String, Map.Entry<String, String>> merged :
                mergedEntries(token, email).entrySet()) {
            String variable = merged.getKey();
            JsonNode current = env.get(variable);
            String currentText = current != null && current.isString() ? current.asString() : null;
            List<String[]> entries = parseList(currentText);
            String entryKey = merged.getValue().getKey();
            String entryValue = merged.getValue().getValue();
            String before = null;
            boolean found = false;
            for (String[] entry : entries) {
                if (entry[0].equals(entryKey)) {
                    before = entry[1];
                    found = true;
                    entry[1] = entryValue;
                }
            }
            if (!found) {
                entries.add(new String[] {entryKey, entryValue});
            }
            if (found && entryValue.equals(before) && current != null && current.isString()) {
                continue;
            }
            if (!keys.has(variable)) {
                ObjectNode key = keys.putObject(variable);
                key.set("original", current == null ? null : current.deepCopy());
                key.put("entry", entryKey);
                key.put("entryOriginal", before);
            }
            ((ObjectNode) keys.get(variable)).put("set", entryValue);
            env.put(variable, formatList(entries));
            changed = true;
        }
        if (!changed) {
            return original;
        }
        if (createdEnv) {
            root.set("env", env);
            if (!record.has("createdEnv")) {
                record.put("createdEnv", true);
            }
        }
        return write(root, original);
    }

    /** Takes out what {@code record} says setup put in, and puts back what it replaced. */
    static byte[] revert(byte[] current, ObjectNode record) {
        ObjectNode root = parse(current);
        JsonNode envNode = root.get("env");
        if (!(envNode instanceof ObjectNode env)) {
            return current;
        }
        JsonNode keys = record.path("keys");
        boolean changed = false;
        for (Map.Entry<String, JsonNode> key : keys.properties()) {
            String variable = key.getKey();
            JsonNode info = key.getValue();
            JsonNode now = env.get(variable);
            JsonNode original = info.get("original");
            boolean hadOriginal = original != null && !original.isNull();
            if (info.has("entry")) {
                if (now == null || !now.isString()) {
                    continue;
                }
                List<String[]> entries = parseList(now.asString());
                String entryKey = info.get("entry").asString();
                String entryOriginal = Json.text(info, "entryOriginal");
                List<String[]> kept = new ArrayList<>();
                for (String[] entry : entries) {
                    if (!entry[0].equals(entryKey)) {
                        kept.add(entry);
                    } else if (entryOriginal != null) {
                        kept.add(new String[] {entryKey, entryOriginal});
                    }
                }
                String restored = formatList(kept);
                if (hadOriginal && original.isString() && sameEntries(parseList(original.asString()), kept)) {
                    // As before setup, with the original's own spelling (spaces, order).
                    env.set(variable, original);
                } else if (kept.isEmpty() && !hadOriginal) {
                    env.remove(variable);
                } else {
                    env.put(variable, restored);
                }
                changed = true;
            } else if (now != null && now.isString() && now.asString().equals(Json.text(info, "set"))) {
                if (hadOriginal) {
                    env.set(variable, original);
                } else {
                    env.remove(variable);
                }
                changed = true;
            }
        }
        if (record.path("createdEnv").asBoolean(false) && env.isEmpty()) {
            root.remove("env");
            changed = true;
        }
        return changed ? write(root, current) : current;
    }

    private static boolean sameEntries(List<String[]> a, List<String[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i)[0].equals(b.get(i)[0]) || !a.get(i)[1].equals(b.get(i)[1])) {
                return false;
            }
        }
        return true;
    }

    /** The parsed file; an empty file or none is an empty object. */
    static ObjectNode parse(byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return MAPPER.createObjectNode();
        }
        try {
            JsonNode node = MAPPER.readTree(text);
            if (!(node instanceof ObjectNode object)) {
                throw new IllegalArgumentException("it is not a JSON object");
            }
            return object;
        } catch (JacksonException e) {
            throw new IllegalArgumentException("it is not valid JSON (" + e.getOriginalMessage() + ")", e);
        }
    }

    /** {@code k=v,k2=v2} (the OpenTelemetry list format) into pairs; blanks ignored. */
    static List<String[]> parseList(String text) {
        List<String[]> entries = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return entries;
        }
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int equals = part.indexOf('=');
            entries.add(
                    equals < 0
                            ? new String[] {part.trim(), ""}
                            : new String[] {
                                part.substring(0, equals).trim(),
                                part.substring(equals + 1).trim()
                            });
        }
        return entries;
    }

    static String formatList(List<String[]> entries) {
        List<String> parts = new ArrayList<>();
        for (String[] entry : entries) {
            parts.add(entry[0] + "=" + entry[1]);
        }
        return String.join(",", parts);
    }

    /**
     * The file with {@code root}'s {@code env}: written into the original text where it can be
     * ({@link JsonSplice}: every other byte as it was), else the whole file printed as Claude Code
     * prints it.
     */
    private static byte[] write(ObjectNode root, byte[] original) {
        String originalText = new String(original, StandardCharsets.UTF_8);
        String indent = detectIndent(originalText);
        String newline = originalText.contains("\r\n") ? "\r\n" : "\n";
        if (!originalText.isBlank()) {
            String spliced = JsonSplice.member(
                    originalText, "env", root, indent, newline, (value, at) -> print(value, indent, newline)
                            .replace(newline, newline + at));
            if (spliced != null) {
                return spliced.getBytes(StandardCharsets.UTF_8);
            }
        }
        String text = print(root, indent, newline);
        boolean trailingNewline = originalText.isBlank() || originalText.endsWith("\n");
        return (trailingNewline ? text + newline : text).getBytes(StandardCharsets.UTF_8);
    }

    private static String print(JsonNode node, String indent, String newline) {
        DefaultIndenter indenter = new DefaultIndenter(indent, newline);
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        return MAPPER.writer().with(printer).writeValueAsString(node);
    }

    /** The file's indentation unit: the leading whitespace of its first indented line; else 2 spaces. */
    private static String detectIndent(String text) {
        for (String line : text.split("\n")) {
            int i = 0;
            while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            if (i > 0 && i < line.length()) {
                return line.substring(0, i);
            }
        }
        return "  ";
    }
}
