package dev.spendline.ask;

import dev.spendline.contracts.text.EditDistance;

/**
 * How far a word typed in a question may be from a name seen in the workspace and still mean it:
 * {@link EditDistance}'s optimal-string-alignment distance, with Ask's tolerances.
 */
final class TypoDistance {

    /** Shorter words are never corrected: "tem" could be "team", "them" or a typo of either. */
    static final int SHORTEST = 4;

    /** Names of this length and longer may be two edits away; shorter ones only one. */
    static final int LONG_NAME = 8;

    private TypoDistance() {}

    /** The edits a name of this length tolerates. */
    static int tolerance(int nameLength) {
        return nameLength >= LONG_NAME ? 2 : 1;
    }

    /**
     * Whether two names have the same digits in the same order. Digits are versions and sizes
     * ("gpt-4.1", "claude-sonnet-4", "llama-70b"): a name with other digits is another model, not a
     * typo of this one, however few edits apart. Separators between them may differ ("gpt 41").
     */
    static boolean sameNumbers(String a, String b) {
        return a.replaceAll("\\D", "").equals(b.replaceAll("\\D", ""));
    }

    /** The distance between {@code a} and {@code b}, or {@code max + 1} as soon as it exceeds {@code max}. */
    static int distance(String a, String b, int max) {
        return EditDistance.of(a, b, max);
    }
}
