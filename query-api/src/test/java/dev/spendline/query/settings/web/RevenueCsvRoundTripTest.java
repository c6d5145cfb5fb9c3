package dev.spendline.query.settings.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.SpreadsheetText;
import dev.spendline.query.revenue.RevenueLine;
import dev.spendline.query.revenue.RevenueRules;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.junit.jupiter.api.Test;

/**
 * What the revenue export writes, the revenue upload reads back to the same rows: the export's
 * formula escaping is undone, quoted spaces are kept. Random tenant names (a fixed seed, so a
 * failure repeats) drawn from the characters that matter: formula starters, quotes, commas,
 * spaces, line breaks and non-ASCII text.
 */
class RevenueCsvRoundTripTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:17:00Z"), ZoneOffset.UTC);

    private static final String[] PIECES = {
        "=",
        "+",
        "-",
        "@",
        "'",
        "''",
        "\"",
        ",",
        " ",
        "\t",
        "\r",
        "\n",
        "\r\n",
        "1",
        "2",
        "a",
        "cmd",
        "é",
        "Ωμέγα",
        "東京",
        "🙂",
        "\u2003",
        "\u00A0",
        "\u202E",
        "#",
        ";",
        "|",
        "=1+2",
        "HYPERLINK(\"x\")"
    };

    @Test
    void theFoundFileComesBackAsTheSameRows() {
        List<RevenueLine> rows =
                List.of(line("=1+2", "10"), line("+cmd", "20.5"), line("-5", "0.25"), line("acme", "1250.00"));

        String csv = export(rows);

        assertThat(csv).contains("'=1+2,").contains("'+cmd,").contains("'-5,");
        assertThat(upload(csv)).containsExactlyElementsOf(rows);
    }

    @Test
    void aTenantThatStartsWithAQuoteComesBackToo() {
        List<RevenueLine> rows =
                List.of(line("'x", "1"), line("''=a", "2"), line("'=1+2", "3"), line("'", "4"), line("'@", "5"));

        String csv = export(rows);

        assertThat(csv)
                .contains("\n'x,")
                .contains("\n'''=a,")
                .contains("\n''=1+2,")
                .contains("\n',");
        assertThat(upload(csv)).containsExactlyElementsOf(rows);
    }

    @Test
    void anyValidTenantsRoundTripWithTheSameTotal() {
        Random random = new Random(28);
        for (int trial = 0; trial < 300; trial++) {
            Set<String> tenants = new LinkedHashSet<>();
            while (tenants.size() < 1 + random.nextInt(12)) {
                String tenant = name(random);
                List<FieldError> problems = new ArrayList<>();
                RevenueRules.checkTenant(tenant, "tenant", problems);
                if (problems.isEmpty()) { // line breaks and tabs are control characters: never revenue
                    tenants.add(tenant);
                }
            }
            List<RevenueLine> rows = new ArrayList<>();
            for (String tenant : tenants) {
                rows.add(line(
                        tenant, BigDecimal.valueOf(random.nextInt(1_000_000), 2).toPlainString()));
            }

            String csv = export(rows);
            List<RevenueLine> back = upload(csv);

            assertThat(back).as(csv).containsExactlyElementsOf(rows);
            assertThat(total(back)).isEqualByComparingTo(total(rows));
        }
    }

    @Test
    void anyTextCellComesBackFromTheExportIncludingLineBreaks() throws IOException {
        Random random = new Random(2028);
        for (int trial = 0; trial < 2_000; trial++) {
            String text = name(random);
            String csv =
                    CsvExport.of("x", List.of("cell"), List.of(List.of(text))).getBody();
            try (CSVParser parser = CSVParser.parse(
                    new StringReader(csv),
                    CSVFormat.RFC4180
                            .builder()
                            .setHeader()
                            .setSkipHeaderRecord(true)
                            .get())) {
                assertThat(SpreadsheetText.unprotect(parser.getRecords().get(0).get("cell")))
                        .as(csv)
                        .isEqualTo(text);
            }
        }
    }

    private static String name(Random random) {
        StringBuilder name = new StringBuilder();
        int pieces = 1 + random.nextInt(5);
        for (int i = 0; i < pieces; i++) {
            name.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return name.toString();
    }

    private static RevenueLine line(String tenant, String amount) {
        return new RevenueLine(tenant, YearMonth.of(2026, 11), new BigDecimal(amount));
    }

    private static String export(List<RevenueLine> rows) {
        List<List<?>> cells = rows.stream()
                .<List<?>>map(r -> List.of(r.tenantId(), r.month().toString(), r.amountUsd()))
                .toList();
        return CsvExport.of("revenue", RevenueCsv.COLUMNS, cells).getBody();
    }

    private static List<RevenueLine> upload(String csv) {
        RevenueCsv.Result result = RevenueCsv.read(csv.getBytes(StandardCharsets.UTF_8), CLOCK);
        assertThat(result.errors()).as(csv).isEmpty();
        return result.lines();
    }

    private static BigDecimal total(List<RevenueLine> rows) {
        return rows.stream().map(RevenueLine::amountUsd).reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
