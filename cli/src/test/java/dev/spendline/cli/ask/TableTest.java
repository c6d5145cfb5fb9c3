package dev.spendline.cli.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.cli.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
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

    /** Issue #31: the budget table showed id, name, scope, … createdAt and cut spent and state. */
    @Test
    void aBudgetTableKeepsSpentAndStateAndLeavesOutBookkeeping() {
        String data =
                """
                {"asOf": "2026-11-22T10:00:00Z", "budgets": [
                  {"budget": {"schemaVersion": 1, "workspaceId": "ws_1", "id": "b_1", "name": "Search",
                              "scope": "FEATURE", "scopeValue": "search", "period": "MONTHLY", "limitUsd": 500,
                              "createdAt": "2026-11-01T09:00:00Z", "createdBy": "ada@example.com"},
                   "periodStart": "2026-11-01T00:00:00Z", "periodEnd": "2026-12-01T00:00:00Z",
                   "spentUsd": 412.5, "percentUsed": 82.5, "forecastUsd": 590.1, "state": "WARNING"}]}
                """;
        StringWriter out = new StringWriter();
        Table.of(Json.mapper().readTree(data)).print(new PrintWriter(out, true));
        assertThat(out.toString().lines())
                .containsExactly(
                        "name    scope    scopeValue  period     limit    spent  state",
                        "Search  FEATURE  search      MONTHLY  $500.00  $412.50  WARNING");
    }

    @Test
    void aReportRankedByCostPerCallHasThatColumnNamedByTheMetric() {
        String data =
                """
                {"by": "model", "metric": "cost_per_call", "rows": [
                  {"value": "gpt-4.1", "measures": {"costUsd": 12, "calls": 4, "inputTokens": 9000, "outputTokens": 800,
                   "cacheReadTokens": 0, "cacheWriteTokens": 0, "errors": 0, "retries": 0, "avgLatencyMs": null},
                   "metricValue": 3},
                  {"value": "gpt-4o-mini", "measures": {"costUsd": 1, "calls": 10, "inputTokens": 20000, "outputTokens": 900,
                   "cacheReadTokens": 0, "cacheWriteTokens": 0, "errors": 1, "retries": 2, "avgLatencyMs": 812.5},
                   "metricValue": 0.1}]}
                """;
        StringWriter out = new StringWriter();
        Table.of(Json.mapper().readTree(data)).print(new PrintWriter(out, true));
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).startsWith("model").endsWith("cost_per_call").contains("cost", "calls");
        assertThat(lines.get(0).split("\\s+")).hasSizeLessThanOrEqualTo(Table.MAX_COLUMNS);
        assertThat(lines.get(1)).startsWith("gpt-4.1").endsWith("3");
        assertThat(lines.get(2)).startsWith("gpt-4o-mini").endsWith("0.1");
    }

    @Test
    void anUnattributedTopRowKeepsTheNameColumn() {
        String data =
                """
                {"by": "feature", "metric": "cost", "rows": [
                  {"value": null, "measures": {"costUsd": 90, "calls": 30}, "metricValue": 90},
                  {"value": "search", "measures": {"costUsd": 10, "calls": 3}, "metricValue": 10}]}
                """;
        StringWriter out = new StringWriter();
        Table.of(Json.mapper().readTree(data)).print(new PrintWriter(out, true));
        assertThat(out.toString().lines())
                .containsExactly(
                        "feature           cost  calls",
                        "(unattributed)  $90.00     30",
                        "search          $10.00      3");
    }

    @Test
    void dataWithoutRowsHasNoTable() {
        assertThat(Table.of(Json.mapper().readTree("{\"budgets\": []}"))).isNull();
        assertThat(Table.of(null)).isNull();
    }
}
