package dev.spendline.query.dashboard;

/**
 * The escaping of text cells in Spendline's CSV files against formula injection, and its inverse
 * for files that come back as uploads.
 *
 * <p>A cell whose text starts with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage
 * return would run as a formula in a spreadsheet (CSV injection, OWASP), so the export writes it
 * with a {@code '} in front. So that the escaping can be undone exactly, text that starts with one
 * or more {@code '} followed by one of those characters gets one more {@code '} too: the export
 * writes {@code =1+2} as {@code '=1+2} and {@code '=1+2} as {@code ''=1+2}. Reading strips one
 * {@code '} from exactly those cells (one or more {@code '}, then a formula character), and leaves
 * every other cell as it is ({@code 'x} stays {@code 'x}), so {@code unprotect(protect(s))} is
 * {@code s} for every string.
 */
public final class SpreadsheetText {

    private static final String FORMULA_STARTS = "=+-@\t\r";

    private SpreadsheetText() {}

    /** The text a spreadsheet shows as text: {@code text} with a {@code '} in front if it needs one. */
    public static String protect(String text) {
        return escaped(text) ? "'" + text : text;
    }

    /** The text {@link #protect} was given: one leading {@code '} removed from a protected cell. */
    public static String unprotect(String cell) {
        return cell.startsWith("'") && escaped(cell) ? cell.substring(1) : cell;
    }

    /** Whether {@code text} is some {@code '} (or none) and then a formula character. */
    private static boolean escaped(String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) == '\'') {
            i++;
        }
        return i < text.length() && FORMULA_STARTS.indexOf(text.charAt(i)) >= 0;
    }
}
