package dev.spendline.cli.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.cli.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void moneyHasDollarsThousandsSeparatorsAndCents() {
        assertThat(Table.money(new BigDecimal("1234.56"))).isEqualTo("$1,234.56");
        assertThat(Table.money(new BigDecimal("1234567.005"))).isEqualTo("$1,234,567.01");
        assertThat(Table.money(new BigDecimal("-12"))).isEqualTo("-$12.00");
        assertThat(Table.money(BigDecimal.ZERO)).isEqualTo("$0.00");
        // A sub-cent amount must not read as nothing.
        assertThat(Table.money(new BigDecimal("0.0042"))).isEqualTo("$0.0042");
    }

    @Test
    void rowsBecomeAnAlignedTableWithTheDimensionAsFirstHeader() {
        String data =
                """
                {"by": "feature", "rows": [
                  {"value": "search", "measures": {"costUsd": 1234.5, "calls": 1200, "cacheReadTokens": 0}},
                  {"value": "support-bot", "measures": {"costUsd": 7, "calls": 3, "cacheReadTokens": 0}}]}
                """;
        StringWriter out = new StringWriter();
        Table.of(Json.mapper().readTree(data)).print(new PrintWriter(out, true));
        assertThat(out.toString().lines())
                .containsExactly(
                        "feature           cost  calls",
                        "search       $1,234.50  1,200",
                        "support-bot      $7.00      3");
    }

    @Test
    void aSeriesListsItsPeriodsAndAComparisonItsDeltas() {
        String series =
                """
                {"by": "day", "metric": "cost", "rows": [
                  {"value": "2026-11-20", "measures": {"costUsd": 3, "calls": 1}, "metricValue": 3},
                  {"value": "2026-11-21", "measures": {"costUsd": 7, "calls": 2}, "metricValue": 7}]}
                """;
        StringWriter out = new StringWriter();
        Table.of(Json.mapper().readTree(series)).print(new PrintWriter(out, true));
        assertThat(out.toString().lines().toList().get(0)).startsWith("day").contains("cost", "calls");
        assertThat(out.toString()).contains("2026-11-20", "2026-11-21", "$7.00");

        String comparison =
                """
                {"report": "spend", "by": null, "compared": "cost", "rows": [
                  {"value": "search", "current": 800, "base": 500, "change": 300, "changePercent": 60.0}],
                 "grewMost": ["search"], "fellMost": []}
                """;
        out = new StringWriter();
        Table.of(Json.mapper().readTree(comparison)).print(new PrintWriter(out, true));
        assertThat(out.toString().lines().toList().get(0))
                .startsWith("value")
                .contains("current", "base", "change", "changePercent");
        assertThat(out.toString()).contains("search", "300", "60");
    }

    @Test
    void aSpendReportsExclusionsHeadItsTableEscaped() {
        String data =
                """
                {"by": "model", "excluded": {"feature": ["onboarding", "search"], "tenant": ["acme\\u001b[2J"]},
                 "rows": [{"value": "gpt-4o", "measures": {"costUsd": 12, "calls": 4}}]}
                """;
        StringWriter out = new StringWriter();
        Table.of(Json.mapper().readTree(data)).print(new PrintWriter(out, true));
        assertThat(out.toString().lines())
                .containsExactly(
                        "Without: feature 'onboarding', feature 'search', tenant 'acme\\u001b[2J'",
                        "model     cost  calls",
                        "gpt-4o  $12.00      4");

        out = new StringWriter();
        Table.of(Json.mapper().readTree("{\"by\": \"model\", \"excluded\": {}, \"rows\": [{\"value\": \"a\"}]}"))
                .print(new PrintWriter(out, true));
        assertThat(out.toString()).doesNotContain("Without");
    }

    @Test
    void dataWithoutRowsHasNoTable() {
        assertThat(Table.of(Json.mapper().readTree("{\"budgets\": []}"))).isNull();
        assertThat(Table.of(null)).isNull();
    }
}
