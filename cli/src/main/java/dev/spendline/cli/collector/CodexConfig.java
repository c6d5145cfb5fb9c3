package dev.spendline.cli.collector;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.tomlj.Toml;
import org.tomlj.TomlParseResult;
import tools.jackson.databind.node.ObjectNode;

/**
 * Codex's {@code ~/.codex/config.toml}: the {@code exporter} and {@code metrics_exporter} keys of its
 * {@code [otel]} table. tomlj checks that the file is valid TOML before and after, but the change
 * itself is textual: no TOML library writes a document back with its comments, blank lines and key
 * order, and a user's config.toml is full of those. Only the lines of the two keys (or a new
 * {@code [otel]} table at the end) are touched, so everything else stays byte for byte.
 */
final class CodexConfig {

    private static final Pattern OTEL_HEADER = Pattern.compile("^\\s*\\[\\s*otel\\s*\\]\\s*(#.*)?$");
    private static final Pattern ANY_HEADER = Pattern.compile("^\\s*\\[.*$");
    static final List<String> KEYS = List.of("exporter", "metrics_exporter");

    private CodexConfig() {}

    /** The managed key lines, each one line (inline tables), in the order they are added. */
    static Map<String, String> lines(int port, String token, String email) {
        String headers = "headers = { \"" + OtlpReceiver.TOKEN_HEADER + "\" = " + quote(token)
                + ", \"x-spendline-employee\" = " + quote(email) + " }";
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put(
                "exporter",
                "exporter = { otlp-http = { endpoint = \"http://127.0.0.1:" + port + "/v1/logs\", protocol = \"json\", "
                        + headers + " } }");
        lines.put(
                "metrics_exporter",
                "metrics_exporter = { otlp-http = { endpoint = \"http://127.0.0.1:" + port
                        + "/v1/metrics\", protocol = \"json\", " + headers + " } }");
        return lines;
    }

    /** The patched file, or {@code original} when already right; what it replaced goes into {@code record}. */
    static byte[] patch(byte[] original, int port, String token, String email, ObjectNode record) {
        String text = new String(original, StandardCharsets.UTF_8);
        TomlParseResult parsed = validate(text, "it");
        List<String> lines = split(text);
        String newline = text.contains("\r\n") ? "\r\n" : "\n";
        int header = findHeader(lines);
        if (header < 0 && parsed.contains("otel")) {
            throw new IllegalArgumentException("its otel settings are written as dotted keys or [otel.*] tables, which"
                    + " setup does not edit; set [otel] exporter and metrics_exporter by hand (docs/collector.md)");
        }
        ObjectNode keys = record.has("keys") ? (ObjectNode) record.get("keys") : record.putObject("keys");
        boolean changed = false;
        if (header < 0) {
            // A new table at the end: after every other table, so no key of another table moves into it.
            StringBuilder appended = new StringBuilder(text);
            if (!text.isEmpty() && !text.endsWith("\n")) {
                appended.append(newline);
            }
            if (!text.isBlank()) {
                appended.append(newline);
            }
            appended.append("[otel]").append(newline);
            for (Map.Entry<String, String> line : lines(port, token, email).entrySet()) {
                appended.append(line.getValue()).append(newline);
                keys.putObject(line.getKey()).putNull("original").put("set", line.getValue());
            }
            if (!record.has("createdTable")) {
                record.put("createdTable", true);
                record.put("addedNewlineAtEnd", !text.isEmpty() && !text.endsWith("\n"));
            }
            text = appended.toString();
            changed = true;
        } else {
            for (Map.Entry<String, String> wanted : lines(port, token, email).entrySet()) {
                int end = tableEnd(lines, header);
                int at = findKey(lines, header, end, wanted.getKey());
                if (at >= 0 && stripEol(lines.get(at)).equals(wanted.getValue())) {
                    continue;
                }
                if (!keys.has(wanted.getKey())) {
                    keys.putObject(wanted.getKey()).put("original", at >= 0 ? stripEol(lines.get(at)) : null);
                }
                ((ObjectNode) keys.get(wanted.getKey())).put("set", wanted.getValue());
                if (at >= 0) {
                    lines.set(at, wanted.getValue() + eol(lines.get(at), newline));
                } else {
                    int insert = lastKeyLine(lines, header, end) + 1;
                    if (insert == lines.size() && !lines.get(insert - 1).endsWith("\n")) {
                        lines.set(insert - 1, lines.get(insert - 1) + newline);
                    }
                    lines.add(insert, wanted.getValue() + newline);
                }
                changed = true;
            }
            text = String.join("", lines);
        }
        if (!changed) {
            return original;
        }
        TomlParseResult result = validate(text, "the patched file");
        String endpoint = result.getString(List.of("otel", "exporter", "otlp-http", "endpoint"));
        if (!("http://127.0.0.1:" + port + "/v1/logs").equals(endpoint)) {
            throw new IllegalStateException("the patched config.toml does not read back as expected");
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Puts back the lines setup replaced, removes those it added (and the table when it made it). */
    static byte[] revert(byte[] current, ObjectNode record) {
        String text = new String(current, StandardCharsets.UTF_8);
        List<String> lines = split(text);
        int header = findHeader(lines);
        if (header < 0) {
            return current;
        }
        boolean changed = false;
        for (var key : record.path("keys").properties()) {
            int end = tableEnd(lines, header);
            int at = findKey(lines, header, end, key.getKey());
            if (at < 0
                    || !stripEol(lines.get(at))
                            .equals(key.getValue().path("set").asString(""))) {
                continue; // changed by the user since: theirs now
            }
            String original = key.getValue().path("original").isString()
                    ? key.getValue().get("original").asString()
                    : null;
            if (original != null) {
                lines.set(at, original + eol(lines.get(at), "\n"));
            } else {
                lines.remove(at);
            }
            changed = true;
        }
        if (record.path("createdTable").asBoolean(false)) {
            int end = tableEnd(lines, header);
            boolean empty = true;
            for (int i = header + 1; i < end; i++) {
                if (!lines.get(i).isBlank()) {
                    empty = false;
                }
            }
            if (empty && end == lines.size()) {
                // The table setup appended, with the blank line before it.
                int from = header;
                if (from > 0 && lines.get(from - 1).isBlank()) {
                    from--;
                }
                while (lines.size() > from) {
                    lines.remove(lines.size() - 1);
                }
                if (record.path("addedNewlineAtEnd").asBoolean(false) && !lines.isEmpty()) {
                    int last = lines.size() - 1;
                    lines.set(last, stripEol(lines.get(last)));
                }
                changed = true;
            }
        }
        return changed ? String.join("", lines).getBytes(StandardCharsets.UTF_8) : current;
    }

    static TomlParseResult validate(String text, String what) {
        TomlParseResult result = Toml.parse(text);
        if (result.hasErrors()) {
            throw new IllegalArgumentException(
                    what + " is not valid TOML (" + result.errors().get(0) + ")");
        }
        return result;
    }

    /** Lines with their terminators, so joining them gives the text back exactly. */
    private static List<String> split(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start));
        }
        return lines;
    }

    private static int findHeader(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (OTEL_HEADER.matcher(stripEol(lines.get(i))).matches()) {
                return i;
            }
        }
        return -1;
    }

    private static int tableEnd(List<String> lines, int header) {
        for (int i = header + 1; i < lines.size(); i++) {
            if (ANY_HEADER.matcher(stripEol(lines.get(i))).matches()) {
                return i;
            }
        }
        return lines.size();
    }

    private static int findKey(List<String> lines, int header, int end, String key) {
        Pattern pattern = Pattern.compile("^\\s*\"?" + Pattern.quote(key) + "\"?\\s*=.*$");
        for (int i = header + 1; i < end; i++) {
            if (pattern.matcher(stripEol(lines.get(i))).matches()) {
                return i;
            }
        }
        return -1;
    }

    /** The last line of the table that is not blank or a comment (new keys go after it). */
    private static int lastKeyLine(List<String> lines, int header, int end) {
        int last = header;
        for (int i = header + 1; i < end; i++) {
            String line = lines.get(i).trim();
            if (!line.isEmpty() && !line.startsWith("#")) {
                last = i;
            }
        }
        return last;
    }

    private static String stripEol(String line) {
        if (line.endsWith("\r\n")) {
            return line.substring(0, line.length() - 2);
        }
        return line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
    }

    private static String eol(String line, String fallback) {
        if (line.endsWith("\r\n")) {
            return "\r\n";
        }
        return line.endsWith("\n") ? "\n" : "";
    }

    /** A TOML basic string. */
    static String quote(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
