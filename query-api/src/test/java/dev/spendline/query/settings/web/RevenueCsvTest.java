package dev.spendline.query.settings.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.query.revenue.RevenueLine;
import dev.spendline.query.settings.web.RevenueCsv.RowError;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Reading a revenue CSV: the header, the row numbers of problems, and files that are not CSV at all. */
class RevenueCsvTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:17:00Z"), ZoneOffset.UTC);

    @Test
    void columnsMayComeInAnyOrderAndEmptyLinesAreSkipped() {
        RevenueCsv.Result result = read("amountUsd,tenant,month\n12.5,acme,2026-11\n\n7,globex,2026-10\n\n");

        assertThat(result.errors()).isEmpty();
        assertThat(result.lines())
                .containsExactly(
                        new RevenueLine("acme", YearMonth.of(2026, 11), new BigDecimal("12.5")),
                        new RevenueLine("globex", YearMonth.of(2026, 10), new BigDecimal("7")));
    }

    @Test
    void aMissingOrUnknownColumnIsAProblemOfTheHeaderRow() {
        assertThat(read("tenant,month,amount\nacme,2026-11,1\n").errors())
                .containsExactly(
                        new RowError(1, "amountUsd", "is missing from the header row (tenant,month,amountUsd)"),
                        new RowError(1, "amount", "is not a column; the columns are tenant, month and amountUsd"));
    }

    @Test
    void aRowWithTooFewOrTooManyValuesIsNamed() {
        assertThat(read("tenant,month,amountUsd\nacme,2026-11\nglobex,2026-11,1,2\n")
                        .errors())
                .containsExactly(
                        new RowError(2, "row", "has 2 values; every row has 3 (tenant, month, amountUsd)"),
                        new RowError(3, "row", "has 4 values; every row has 3 (tenant, month, amountUsd)"));
    }

    @Test
    void aFileWithoutRowsOrNotInUtf8OrWithAnOpenQuoteIsRefusedAsAWhole() {
        assertThat(read("tenant,month,amountUsd\n").errors())
                .containsExactly(new RowError(0, "file", "has no rows after the header row"));
        assertThat(RevenueCsv.read(new byte[] {'t', (byte) 0xff, '\n'}, CLOCK).errors())
                .containsExactly(new RowError(0, "file", "must be UTF-8 text; save it as \"CSV UTF-8\""));
        assertThat(read("tenant,month,amountUsd\n\"acme,2026-11,1\n").errors())
                .singleElement()
                .satisfies(e -> assertThat(e.message()).startsWith("is not valid CSV: "));
    }

    @Test
    void moreThanTheMaximumRowsIsRefusedWithoutReadingOn() {
        StringBuilder csv = new StringBuilder("tenant,month,amountUsd\n");
        for (int i = 0; i <= RevenueCsv.MAX_ROWS; i++) {
            csv.append("t").append(i).append(",2026-11,1\n");
        }

        RevenueCsv.Result result = read(csv.toString());

        assertThat(result.tooLarge()).isTrue();
        assertThat(result.lines()).isEmpty();
    }

    private static RevenueCsv.Result read(String csv) {
        return RevenueCsv.read(csv.getBytes(StandardCharsets.UTF_8), CLOCK);
    }
}
