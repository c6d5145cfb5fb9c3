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
