package dev.spendline.query.dashboard;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The CSV export of a dashboard table: every view answers its own URL with {@code format=csv}
 * added by returning its table through here. Figures are written exact (a plain decimal, no
 * currency sign or grouping), so a spreadsheet sums them to the cent; a header row names each
 * column with its unit. Text cells that a spreadsheet would run as a formula get a leading
 * {@code '} ({@link SpreadsheetText}), which an upload of the same file strips again. A text cell
 * that starts or ends with white space is always put in double quotes, so that a reader that ignores
 * the spaces around unquoted values (as the revenue upload does) reads it back whole.
 */
public final class CsvExport {

    /** The query parameter that turns a view into its CSV download. */
    public static final String PARAMETER = "format";

    public static final String VALUE = "csv";

    private static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

    private static final CSVFormat QUOTE_WHEN_NEEDED = CSVFormat.RFC4180;

    private static final CSVFormat QUOTE_ALWAYS =
            CSVFormat.RFC4180.builder().setQuoteMode(QuoteMode.ALL).get();

    private CsvExport() {}

    /**
     * @param filename without extension, e.g. {@code spend-by-feature}
     * @param header the column names
     * @param rows each row's cells, in the header's order; null cells are written empty
     */
    public static ResponseEntity<String> of(String filename, List<String> header, List<List<?>> rows) {
        StringWriter out = new StringWriter();
        try {
            printRecord(header, out);
            for (List<?> row : rows) {
                printRecord(row.stream().map(CsvExport::cell).toList(), out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ResponseEntity.ok()
                .contentType(TEXT_CSV)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename(filename + ".csv")
                                .build()
                                .toString())
                .body(out.toString());
    }

    /**
     * One record, each cell quoted as RFC 4180 needs (Commons CSV's minimal quoting) or, when it
     * starts or ends with white space that minimal quoting leaves bare (such as U+2003), always:
     * Commons CSV quotes per format, not per cell, hence a format chosen for each cell.
     */
    private static void printRecord(List<?> cells, StringWriter out) throws IOException {
        boolean first = true;
        for (Object cell : cells) {
            (edgeSpace(cell) ? QUOTE_ALWAYS : QUOTE_WHEN_NEEDED).print(cell, out, first);
            first = false;
        }
        QUOTE_WHEN_NEEDED.println(out);
    }

    private static boolean edgeSpace(Object cell) {
        return cell instanceof String text
                && !text.isEmpty()
                && (Character.isWhitespace(text.charAt(0)) || Character.isWhitespace(text.charAt(text.length() - 1)));
    }

    private static Object cell(Object value) {
        if (value instanceof java.math.BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof CharSequence text) {
            // Names come from event senders: a leading formula character would run in a spreadsheet
            // (CSV injection, OWASP). A quote makes the cell text; figures are never text.
            return SpreadsheetText.protect(text.toString());
        }
        return value == null ? "" : value;
    }
}
