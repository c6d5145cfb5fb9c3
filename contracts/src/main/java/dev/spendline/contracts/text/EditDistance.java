package dev.spendline.contracts.text;

/**
 * The optimal-string-alignment (restricted Damerau-Levenshtein) distance between two words: a swap
 * of two neighbouring letters ("saerch") costs one edit like a missing one ("serch"). Written here
 * because Apache commons-text 1.12, the release that resolves here, has only plain Levenshtein,
 * which counts a swap as two. Used by Ask's typo matching and by the local launcher's did-you-mean.
 */
public final class EditDistance {

    private EditDistance() {}

    /** The distance between {@code a} and {@code b}, or {@code max + 1} as soon as it exceeds {@code max}. */
    public static int of(String a, String b, int max) {
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
