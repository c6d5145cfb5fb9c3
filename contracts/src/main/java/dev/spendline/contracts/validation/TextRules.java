package dev.spendline.contracts.validation;

/**
 * The one set of character rules for every string Spendline accepts from a sender or a person, so
 * that ingest, the control plane, OAuth registration and the collector agree on what is valid. Each
 * surface picks a named {@link Rule}; docs/ingest.md lists them with their limits.
 *
 * <ul>
 *   <li>{@link #IDENTITY}: ids and labels that key state and group spend (provider, model, feature,
 *       tenantId, externalId, source, metadata keys …). No control characters or line breaks, no
 *       bidirectional controls (U+202A–U+202E, U+2066–U+2069) and no invisible direction marks
 *       (U+200E, U+200F, U+061C): two ids that print the same must be the same id.
 *   <li>{@link #DISPLAY_NAME}: names people give themselves and their things (display, workspace,
 *       team, API key and OAuth client names); at most {@value Limits#MAX_DISPLAY_NAME_LENGTH}
 *       characters. As identities, except that direction marks are allowed (mixed-script names
 *       need them; they cannot reorder the text around them).
 *   <li>{@link #FREE_TEXT}: prose (metadata string values). Tab, line feed and carriage return are
 *       allowed, and bidirectional controls are, since right-to-left text uses them; other control
 *       characters are not.
 * </ul>
 *
 * <p>Every rule refuses invalid UTF-16: a JSON escape such as {@code "\u005Cud800"} decodes to an unpaired
 * surrogate, which no encoding can write (UTF-8 writers turn it into {@code ?}), so two different
 * ids would silently become one.
 *
 * <p>Lengths count UTF-16 code units ({@link String#length()}), as JavaScript does: a character
 * outside the Basic Multilingual Plane counts as two.
 *
 * <p>Hand-written: the JDK has no check for unpaired surrogates short of a round trip through a
 * {@link java.nio.charset.CharsetEncoder}, and the rules here are a handful of ranges.
 */
public final class TextRules {

    /** Ids and labels; the default limit is {@link Limits#MAX_ID_LENGTH}. */
    public static final Rule IDENTITY = new Rule("identity", Limits.MAX_ID_LENGTH, false, false, false, false);

    /** Names of people and of their things, at most {@link Limits#MAX_DISPLAY_NAME_LENGTH} characters. */
    public static final Rule DISPLAY_NAME =
            new Rule("display name", Limits.MAX_DISPLAY_NAME_LENGTH, false, false, true, false);

    /** Prose, possibly blank; tabs, line breaks and bidirectional controls allowed. */
    public static final Rule FREE_TEXT = new Rule("free text", Limits.MAX_METADATA_BYTES, true, true, true, true);

    private TextRules() {}

    /**
     * One named rule.
     *
     * @param name how docs and messages call it
     * @param maxLength the default limit in UTF-16 code units
     * @param lineBreaks whether tab, line feed, carriage return and U+2028/U+2029 are allowed
     * @param bidiControls whether embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are allowed
     * @param directionMarks whether U+200E, U+200F and U+061C are allowed
     * @param blankAllowed whether an empty or whitespace-only text is allowed
     */
    public record Rule(
            String name,
            int maxLength,
            boolean lineBreaks,
            boolean bidiControls,
            boolean directionMarks,
            boolean blankAllowed) {

        /** What is wrong with {@code text} under this rule and its default limit; null when nothing is. */
        public String problem(String text) {
            return problem(text, maxLength);
        }

        /**
         * What is wrong with {@code text} as a sentence tail ("must not contain control characters");
         * null when nothing is. The message never echoes the text.
         */
        public String problem(String text, int maxLength) {
            if (text == null || (!blankAllowed && text.isBlank())) {
                return "must not be blank";
            }
            if (text.length() > maxLength) {
                return "must be at most " + maxLength + " characters";
            }
            return characterProblem(text);
        }

        /** What is wrong with the characters of {@code text}, whatever its length; null when nothing is. */
        public String characterProblem(String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (Character.isHighSurrogate(c)
                        && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    return "must be valid Unicode: it holds an unpaired surrogate (such as \\ud800)";
                } else if (isLineBreak(c) ? !lineBreaks : isControl(c)) {
                    return "must not contain control characters";
                } else if (isBidiControl(c) && !bidiControls) {
                    return "must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069)";
                } else if (isDirectionMark(c) && !directionMarks) {
                    return "must not contain invisible direction marks (U+200E, U+200F, U+061C)";
                }
            }
            return null;
        }

        /** {@code text} as this rule accepts it with its default limit; see {@link #clean(String, int)}. */
        public String clean(String text) {
            return clean(text, maxLength);
        }

        /**
         * The closest text this rule accepts, for a sender that would rather fix a value than lose
         * it: unpaired surrogates become U+FFFD, line breaks and tabs a space (unless allowed), other
         * refused characters are removed, the ends are stripped (unless blank is allowed) and the
         * text is cut to {@code maxLength} at a code point boundary. Null when nothing is left.
         */
        public String clean(String text, int maxLength) {
            if (text == null) {
                return null;
            }
            StringBuilder out = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (Character.isHighSurrogate(c)
                        && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1))) {
                    out.append(c).append(text.charAt(++i));
                } else if (Character.isSurrogate(c)) {
                    out.append('\uFFFD');
                } else if (isLineBreak(c)) {
                    out.append(lineBreaks ? c : ' ');
                } else if (isControl(c)
                        || (isBidiControl(c) && !bidiControls)
                        || (isDirectionMark(c) && !directionMarks)) {
                    continue;
                } else {
                    out.append(c);
                }
            }
            String cleaned = blankAllowed ? out.toString() : out.toString().strip();
            cleaned = truncate(cleaned, maxLength);
            if (!blankAllowed) {
                cleaned = cleaned.strip();
            }
            return !blankAllowed && cleaned.isEmpty() ? null : cleaned;
        }
    }

    /** {@code text} cut to at most {@code maxLength} UTF-16 code units without splitting a surrogate pair. */
    public static String truncate(String text, int maxLength) {
        if (text == null || text.length() <= maxLength) {
            return text;
        }
        int end = maxLength;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1)) && Character.isLowSurrogate(text.charAt(end))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** Tab, line feed, carriage return and the Unicode line and paragraph separators. */
    static boolean isLineBreak(char c) {
        return c == '\t' || c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029';
    }

    /** C0 controls, DEL and C1 controls (Unicode category Cc). */
    static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f);
    }

    /** Embeddings, overrides, pop (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder what follows. */
    static boolean isBidiControl(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    /** Left-to-right, right-to-left and Arabic letter marks: invisible, they make equal-looking texts differ. */
    static boolean isDirectionMark(char c) {
        return c == '\u200E' || c == '\u200F' || c == '\u061C';
    }
}
