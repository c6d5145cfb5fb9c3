package dev.spendline.contracts.validation;

/**
 * Makes text safe to print on a terminal. Every printer of the CLI, the collector and the standalone's
 * local commands passes names, ids and answers through here, because a value stored before
 * {@link TextRules} existed, or sent by a server, may hold an ESC that retitles the terminal or
 * rewrites what it shows, a CR or LF that forges a line, or a bidirectional override that reorders
 * the rest of the line.
 *
 * <p>Control characters (C0, DEL, C1), the Unicode line and paragraph separators, bidirectional
 * controls and direction marks are written as {@code \u005Cu001b}-style escapes; unpaired surrogates
 * become U+FFFD. Everything else, emoji and right-to-left letters included, is printed as it is.
 * JSON output needs none of this: Jackson escapes control characters in strings already.
 */
public final class TerminalText {

    private TerminalText() {}

    /** One value on one line: every character above escaped, line breaks included. Null stays null. */
    public static String escape(String text) {
        return escape(text, false);
    }

    /** Prose that may span lines: as {@link #escape(String)}, but line feeds are kept (CR is still escaped). */
    public static String escapeKeepingLines(String text) {
        return escape(text, true);
    }

    /**
     * JSON text for a terminal: the same JSON value, with each character a terminal would interpret
     * (controls, bidirectional controls, direction marks, U+2028/U+2029, unpaired surrogates)
     * written as its {@code \u005CuXXXX} escape. Tab, line feed and carriage return are kept: JSON
     * strings cannot hold them raw, so they are the JSON whitespace between tokens. Valid JSON parses
     * to exactly the value it parsed to before (Jackson already escapes C0 controls; it writes DEL,
     * C1 controls and bidirectional controls raw).
     */
    public static String json(String json) {
        if (json == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            boolean pair = Character.isHighSurrogate(c)
                    && i + 1 < json.length()
                    && Character.isLowSurrogate(json.charAt(i + 1));
            boolean escape =
                    !pair && (Character.isSurrogate(c) || (needsEscape(c) && c != '\t' && c != '\n' && c != '\r'));
            if (escape && out == null) {
                out = new StringBuilder(json.length() + 16).append(json, 0, i);
            }
            if (out != null) {
                if (escape) {
                    out.append(String.format("\\u%04x", (int) c));
                } else if (pair) {
                    out.append(c).append(json.charAt(i + 1));
                } else {
                    out.append(c);
                }
            }
            if (pair) {
                i++;
            }
        }
        return out == null ? json : out.toString();
    }

    private static String escape(String text, boolean keepLineFeeds) {
        if (text == null || isPrintable(text, keepLineFeeds)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append('\uFFFD');
            } else if (keepLineFeeds && c == '\n') {
                out.append(c);
            } else if (needsEscape(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isPrintable(String text, boolean keepLineFeeds) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c) || (needsEscape(c) && !(keepLineFeeds && c == '\n'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean needsEscape(char c) {
        return TextRules.isControl(c)
                || TextRules.isLineBreak(c)
                || TextRules.isBidiControl(c)
                || TextRules.isDirectionMark(c);
    }
}
