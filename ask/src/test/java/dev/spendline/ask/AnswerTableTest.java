package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.text.Figures;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The Ask page shows each answer's rows, not only its sentence: every read tool's answer has a
 * table with column names for people (the dimension, not "Value"; the metric, not "Metric value")
 * and money to the cent; a series has the chart its view has.
 */
class AnswerTableTest {

    private static final Figures FORMATS = new Figures();
    private static final Pattern MONEY = Pattern.compile("-?\\$\\d{1,3}(,\\d{3})*\\.\\d{2}|-?\\$0\\.\\d+|—");

    private final Asker asker =
            new Asker(Reports.tools(), workspace -> AskCorpus.VOCABULARY, Clock.fixed(AskCorpus.NOW, ZoneOffset.UTC));

    private AnswerTable table(String question) {
        AskAnswer answer = asker.ask("ws_1", WorkspacePlan.TEAM, question, "");
        assertThat(answer.answered()).as(question).isTrue();
        return AnswerTable.of(answer.data(), FORMATS);
    }

    static List<AskCorpus.Entry> answered() {
        return AskCorpus.entries().stream().filter(AskCorpus.Entry::answered).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("answered")
    void everyAnswerOfTheCorpusHasATableWithNamedColumnsAndMoneyToTheCent(AskCorpus.Entry entry) {
        AskAnswer answer = asker.ask("ws_1", WorkspacePlan.TEAM, entry.question(), "");
        AnswerTable table = AnswerTable.of(answer.data(), FORMATS);
        if (table == null) {
            // Only an answer without rows (a filter the stand-in tools have no rows for) has no table.
            JsonNode data = Json.MAPPER.valueToTree(answer.data());
            for (String list : List.of("rows", "recommendations", "budgets", "alerts", "kinds")) {
                assertThat(data.path(list).isEmpty()).as(list).isTrue();
            }
            return;
        }
        assertThat(table.headings()).doesNotContain("Value", "Metric value", "Tenant id", "Percent used");
        for (int column = 0; column < table.headings().size(); column++) {
            String heading = table.headings().get(column);
            for (List<AnswerTable.Cell> row : table.rows()) {
                String text = row.get(column).text();
                if (heading.endsWith("(USD)")) {
                    assertThat(text).as(heading).matches(MONEY);
                }
                assertThat(text).as(heading).doesNotMatch("\\d{4}-\\d{2}-\\d{2}T.*");
            }
        }
        assertThat(table.chart() != null)
                .as("a chart for a series only")
                .isEqualTo(entry.tool().equals("spend_by")
                        && List.of("hour", "day", "week", "month")
                                .contains(entry.arguments().get("by").asString()));
    }

    @Test
    void spendByAFeatureNamesTheFeatureAndLeavesOutTheRepeatedCost() {
        AnswerTable table = table("spend by feature this month");
        assertThat(table.headings())
                .startsWith("Feature", "Cost (USD)", "Calls")
                .doesNotContain("Cost");
        assertThat(table.rows().get(0).get(0).text()).isEqualTo("search");
        assertThat(table.rows().get(0).get(1)).isEqualTo(new AnswerTable.Cell("$800.00", true));
        assertThat(table.chart()).isNull();
    }

    @Test
    void aMetricOtherThanCostIsItsOwnColumnInItsUnit() {
        AnswerTable table = table("error rate by model this week");
        assertThat(table.headings()).startsWith("Model").endsWith("Error rate");
        assertThat(table.rows().get(0).get(table.headings().size() - 1).text()).endsWith(" %");
    }

    @Test
    void aSeriesIsChartedPerPeriodAsItsViewChartsIt() {
        AnswerTable table = table("daily spend this week");
        assertThat(table.headings()).startsWith("Day", "Cost (USD)");
        assertThat(table.chart().label()).isEqualTo("Cost (USD)");
        assertThat(table.chart().unit()).isEqualTo("usd");
        assertThat(table.chart().labels()).hasSameSizeAs(table.rows()).startsWith("2026-11-16");
        AnswerTable hours = table("spend hour by hour today");
        assertThat(hours.headings()).startsWith("Hour");
        assertThat(hours.rows().get(0).get(0).text()).isEqualTo("2026-11-22 00:00 UTC");
    }

    @Test
    void aComparisonShowsBothPeriodsInTheComparedMetric() {
        AnswerTable table = table("compare spend by feature this month vs last month");
        assertThat(table.headings()).containsExactly("Feature", "Current", "Before", "Change", "Change %");
        assertThat(table.rows().get(0))
                .extracting(AnswerTable.Cell::text)
                .containsExactly("search", "$800.00", "$500.00", "$300.00", "60.0 %");
    }

    @Test
    void aComparisonOfTotalsOnlyShowsTheTotals() {
        AnswerTable table = table("Compare spend this month vs last month");
        assertThat(table.headings()).containsExactly("Compared", "Current", "Before", "Change", "Change %");
        assertThat(table.rows()).hasSize(1);
        assertThat(table.rows().get(0).get(0).text()).isEqualTo("Total");
        assertThat(table.rows().get(0).get(1).text()).matches(MONEY);
    }

    @Test
    void marginsWasteSavingsBudgetsAndAlertsHaveTheirRows() {
        assertThat(table("margin by customer").headings())
                .startsWith("Customer", "Revenue (USD)", "Cost (USD)", "Margin (USD)", "Margin %");
        assertThat(table("margin by feature").headings()).startsWith("Feature", "Allocated revenue (USD)");
        assertThat(table("waste by feature").headings()).contains("Kind", "Feature", "Cost (USD)");
        assertThat(table("savings").headings()).contains("Title", "Estimated monthly saving (USD)");
        AnswerTable budgets = table("budgets");
        assertThat(budgets.headings())
                .contains("Budget name", "Budget limit (USD)", "Spent (USD)", "Used %", "Forecast (USD)", "State")
                .doesNotContain("Budget created at", "Budget created by");
        int used = budgets.headings().indexOf("Used %");
        assertThat(budgets.rows().get(0).get(used).text()).isEqualTo("90.0 %");
        assertThat(table("alerts").headings()).contains("Severity", "Message", "Opened at");
    }
}
