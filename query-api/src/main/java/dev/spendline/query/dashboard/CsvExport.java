package dev.spendline.query.dashboard;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The CSV export of a dashboard table: every view answers its own URL with {@code format=csv}
 * added by returning its table through here. Figures are written exact (a plain decimal, no
 * currency sign or grouping), so a spreadsheet sums them to the cent; a header row names each
 * column with its unit. Text cells that a spreadsheet would run as a formula are quoted.
 */
public final class CsvExport {

    /** The query parameter that turns a view into its CSV download. */
    public static final String PARAMETER = "format";

    public static final String VALUE = "csv";

    private static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

    private CsvExport() {}

    /**
     * @param filename without extension, e.g. {@code spend-by-feature}
     * @param header the column names
     * @param rows each row's cells, in the header's order; null cells are written empty
     */
    public static ResponseEntity<String> of(String filename, List<String> header, List<List<?>> rows) {
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = CSVFormat.RFC4180
                .builder()
                .setHeader(header.toArray(String[]::new))
                .get()
                .print(out)) {
            for (List<?> row : rows) {
                printer.printRecord(row.stream().map(CsvExport::cell).toList());
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

    private static Object cell(Object value) {
        if (value instanceof java.math.BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof CharSequence text && !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
            // Names come from event senders: a leading formula character would run in a spreadsheet
            // (CSV injection, OWASP). A quote makes the cell text; figures are never text.
            return "'" + text;
        }
        return value == null ? "" : value;
    }
}
