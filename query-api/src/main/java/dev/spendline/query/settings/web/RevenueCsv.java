package dev.spendline.query.settings.web;

import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.dashboard.SpreadsheetText;
import dev.spendline.query.revenue.RevenueLine;
import dev.spendline.query.revenue.RevenueRules;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a revenue CSV upload: a header row naming the columns {@code tenant}, {@code month} and
 * {@code amountUsd} (any order, any case), then one row per tenant and month, checked with the
 * same {@link RevenueRules} as the API. Collects every problem with its row number (the header is
 * row 1, as a spreadsheet numbers it), so the caller can refuse the whole file at once.
 *
 * <p>It reads back what the revenue export writes, row for row: spaces around an unquoted value are
 * ignored but a quoted value is taken whole (the export quotes a tenant with surrounding spaces),
 * and the export's formula escaping ({@link SpreadsheetText}: {@code '=1+2} for {@code =1+2}) is
 * undone on the tenant.
 */
final class RevenueCsv {

    static final long MAX_BYTES = 1024 * 1024;
    static final int MAX_ROWS = 5_000;
    static final List<String> COLUMNS = List.of("tenant", "month", "amountUsd");
    static final String TOO_LARGE = "A revenue file may have at most 1 MB and " + MAX_ROWS
            + " rows; nothing was stored. Split it into several files, for example one per year.";

    /** One problem: the row (1 is the header, 0 the file as a whole), the column, what is wrong. */
    record RowError(long row, String field, String message) {}

    /** The rows of a file without problems, or every problem of a file with some (and no rows). */
    record Result(List<RevenueLine> lines, List<RowError> errors) {

        boolean accepted() {
            return errors.isEmpty();
        }

        boolean tooLarge() {
            return errors.size() == 1 && errors.get(0).message().equals(TOO_LARGE);
        }
    }

    private RevenueCsv() {}

    static Result read(byte[] file, Clock clock) {
        if (file.length > MAX_BYTES) {
            return tooLarge();
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(file))
                    .toString();
        } catch (CharacterCodingException e) {
            return refused(new RowError(0, "file", "must be UTF-8 text; save it as \"CSV UTF-8\""));
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // the byte order mark spreadsheets write before UTF-8 CSV
        }
        CSVFormat format = CSVFormat.RFC4180
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .setIgnoreHeaderCase(true)
                // Not setTrim: it would also cut the spaces inside quotes, which a tenant may have.
                .setIgnoreSurroundingSpaces(true)
                .get();
        List<RowError> errors = new ArrayList<>();
        List<RevenueLine> lines = new ArrayList<>();
        try (CSVParser parser = CSVParser.parse(new StringReader(text), format)) {
            if (!header(parser.getHeaderNames(), errors)) {
                return new Result(List.of(), errors);
            }
            Map<String, Long> seen = new HashMap<>();
            long row = 1;
            for (CSVRecord record : parser) {
                row++;
                if (row - 1 > MAX_ROWS) {
                    return tooLarge();
                }
                if (record.size() == 1 && record.get(0).isEmpty()) {
                    continue; // an empty line, as spreadsheets leave at the end
                }
                RevenueLine line = line(record, row, clock, errors);
                if (line != null) {
                    Long first = seen.putIfAbsent(line.tenantId() + '\u0000' + line.month(), row);
                    if (first != null) {
                        errors.add(new RowError(
                                row, "month", "repeats the tenant and month of row " + first + "; give each once"));
                    } else {
                        lines.add(line);
                    }
                }
            }
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            // Commons CSV reports an unclosed quote or a repeated header name this way.
            errors.add(new RowError(0, "file", "is not valid CSV: " + e.getMessage()));
        }
        if (errors.isEmpty() && lines.isEmpty()) {
            errors.add(new RowError(0, "file", "has no rows after the header row"));
        }
        return errors.isEmpty() ? new Result(List.copyOf(lines), List.of()) : new Result(List.of(), errors);
    }

    private static boolean header(List<String> names, List<RowError> errors) {
        int before = errors.size();
        for (String column : COLUMNS) {
            if (names.stream().noneMatch(column::equalsIgnoreCase)) {
                errors.add(new RowError(1, column, "is missing from the header row (tenant,month,amountUsd)"));
            }
        }
        for (String name : names) {
            if (COLUMNS.stream().noneMatch(name::equalsIgnoreCase)) {
                errors.add(new RowError(1, name, "is not a column; the columns are tenant, month and amountUsd"));
            }
        }
        return errors.size() == before;
    }

    private static RevenueLine line(CSVRecord record, long row, Clock clock, List<RowError> errors) {
        if (!record.isConsistent()) {
            errors.add(new RowError(
                    row, "row", "has " + record.size() + " values; every row has 3 (tenant, month, amountUsd)"));
            return null;
        }
        List<FieldError> problems = new ArrayList<>();
        String tenant = SpreadsheetText.unprotect(record.get("tenant"));
        RevenueRules.checkTenant(tenant, "tenant", problems);
        YearMonth month = RevenueRules.month(record.get("month").strip(), clock, "month", problems);
        BigDecimal amount = RevenueRules.amount(record.get("amountUsd"), "amountUsd", problems);
        for (FieldError problem : problems) {
            errors.add(new RowError(row, problem.pointer(), problem.message()));
        }
        return problems.isEmpty() ? new RevenueLine(tenant, month, amount) : null;
    }

    static Result refused(RowError error) {
        return new Result(List.of(), List.of(error));
    }

    static Result tooLarge() {
        return refused(new RowError(0, "file", TOO_LARGE));
    }
}
