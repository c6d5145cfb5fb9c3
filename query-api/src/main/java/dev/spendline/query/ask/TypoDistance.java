package dev.spendline.query.ask;

/**
 * How far a word typed in a question may be from a name seen in the workspace and still mean it:
 * the optimal-string-alignment (restricted Damerau-Levenshtein) distance, so that a swap of two
 * neighbouring letters ("saerch") costs one edit like a missing one ("serch"). Apache commons-text
 * 1.12, the release that resolves here, has only plain Levenshtein, which counts a swap as two.
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
        if (Math.abs(a.length() - b.length()) > max) {
            return max + 1;
        }
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int rowMin = Integer.MAX_VALUE;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
                rowMin = Math.min(rowMin, best);
            }
            if (rowMin > max) {
                return max + 1;
            }
        }
        return Math.min(d[a.length()][b.length()], max + 1);
    }
}
