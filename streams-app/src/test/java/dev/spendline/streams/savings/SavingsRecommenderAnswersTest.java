package dev.spendline.streams.savings;

import static dev.spendline.contracts.ReportFixtures.kinds;
import static dev.spendline.contracts.ReportFixtures.measures;
import static dev.spendline.contracts.ReportFixtures.usd;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The recommender's answers to a rich fixture are exactly the ones checked in as
 * {@code contracts/src/test/resources/savings-answers.json}, which contracts' {@code ToolSchemasTest}
 * validates against the published output schema of {@code savings_recommendations}. So the
 * recommender's real output is what the schema is checked against. To change the rules on purpose,
 * run with {@code -Dspendline.savings.write-answers=true} once and review the file's diff.
 */
class SavingsRecommenderAnswersTest {

    static final String WS = "ws_54mhd9g42gt4ubgcadpx";
    static final Path ANSWERS = Path.of("..", "contracts", "src", "test", "resources", "savings-answers.json");

    @Test
    void answersTheFixtureExactlyAsCheckedIn() throws IOException {
        String written = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(savingsRecommendations());
        if (Boolean.getBoolean("spendline.savings.write-answers")) {
            Files.writeString(ANSWERS, written + "\n");
        }
        JsonNode expected = Json.MAPPER.readTree(Files.readString(ANSWERS));
        assertThat(Json.MAPPER.readTree(written)).isEqualTo(expected);
        assertThat(expected.size()).isEqualTo(3);
        assertThat(expected.get(0).get("recommendations").size()).isGreaterThan(3);
    }

    /**
     * Built by the recommender from the other tools' answers over 30 days: a feature
     * with failed calls and cache misses and one with model overkill (CREATE_BUDGET on the feature),
     * a workflow with repeated steps and one with runaway runs (CHANGE, no budget), a customer
     * above its revenue (PROTECT_MARGIN, CREATE_BUDGET on the customer), and what is left out
     * (under 1.00 USD a month, no value, no revenue entered); then the top three; then a workspace
     * with nothing to recommend.
     */
    static List<SavingsReport> savingsRecommendations() {
        Instant from = Instant.parse("2026-10-17T02:00:00Z");
        Instant to = Instant.parse("2026-11-16T02:00:00Z");
        Map<Dimension, List<WasteRow>> waste = Map.of(
                Dimension.FEATURE,
                List.of(
                        new WasteRow(WasteKind.FAILED_CALL, "search", usd("18.00"), 12),
                        new WasteRow(WasteKind.MODEL_OVERKILL, "chat", usd("9.300412"), 1_100),
                        new WasteRow(WasteKind.CACHE_MISS, "search", usd("6.412"), 240),
                        new WasteRow(WasteKind.FAILED_CALL, null, usd("2.00"), 1),
                        new WasteRow(WasteKind.RETRY, "chat", usd("0.84"), 7)),
                Dimension.WORKFLOW,
                List.of(
                        new WasteRow(WasteKind.DUPLICATE_STEP, "onboarding", usd("6.00"), 4),
                        new WasteRow(WasteKind.FAILED_CALL, "onboarding", usd("4.10"), 3),
                        new WasteRow(WasteKind.RUNAWAY_RUN, "triage", usd("3.25"), 36)));
        Map<Dimension, List<SpendRow>> spend = Map.of(
                Dimension.FEATURE,
                List.of(
                        new SpendRow("search", measures(300_000_000_000L, 4_120, 98.4)),
                        new SpendRow("chat", measures(40_000_000_000L, 2_310, 412.0)),
                        new SpendRow(null, measures(2_000_015_000L, 3, null))),
                Dimension.WORKFLOW,
                List.of(
                        new SpendRow("onboarding", measures(55_120_000_000L, 880, 640.2)),
                        new SpendRow("triage", measures(20_000_000_000L, 402, 1_210.0))));
        List<CustomerMargin> customers = List.of(
                new CustomerMargin(
                        "globex",
                        usd("0.00"),
                        usd("84.120000501"),
                        usd("-84.120000501"),
                        null,
                        9_210,
                        List.of(CustomerMargin.NO_REVENUE, CustomerMargin.NEGATIVE_MARGIN)),
                new CustomerMargin(
                        "umbrella",
                        usd("40.00"),
                        usd("64.500000012"),
                        usd("-24.500000012"),
                        new BigDecimal("-61.3"),
                        5_210,
                        List.of(CustomerMargin.NEGATIVE_MARGIN)),
                new CustomerMargin(
                        "acme",
                        usd("1250.00"),
                        usd("312.48"),
                        usd("937.52"),
                        new BigDecimal("75.0"),
                        40_112,
                        List.of()));
        return List.of(
                recommend(from, to, SavingsQuery.DEFAULT_LIMIT, waste, spend, customers),
                recommend(from, to, 3, waste, spend, customers),
                recommend(from, to, SavingsQuery.DEFAULT_LIMIT, Map.of(), Map.of(), List.of()));
    }

    /** What the recommender answers when the other tools answer these rows (the other figures are not read). */
    private static SavingsReport recommend(
            Instant from,
            Instant to,
            int limit,
            Map<Dimension, List<WasteRow>> waste,
            Map<Dimension, List<SpendRow>> spend,
            List<CustomerMargin> customers) {
        Queries queries = new QueryHandlers()
                .on(
                        QueryType.TOP_WASTE,
                        q -> new TopWasteReport(
                                q.workspaceId(),
                                q.from(),
                                q.to(),
                                q.by().wireName(),
                                q.limit(),
                                usd("0.00"),
                                0,
                                usd("0.00"),
                                null,
                                kinds(usd("0.00")),
                                waste.getOrDefault(q.by(), List.of())))
                .on(
                        QueryType.MARGIN_BY_CUSTOMER,
                        q -> new CustomerMarginReport(
                                q.workspaceId(),
                                q.from().toString(),
                                q.to().toString(),
                                q.limit(),
                                customers.size(),
                                0,
                                0,
                                customers,
                                new MarginTotals(usd("0.00"), usd("0.00"), usd("0.00"), null),
                                usd("0.00")))
                .on(
                        QueryType.SPEND_BY,
                        q -> new SpendReport(
                                q.workspaceId(),
                                q.usage().wireName(),
                                q.by().wireName(),
                                q.from(),
                                q.to(),
                                Map.of(),
                                q.limit(),
                                spend.getOrDefault(q.by(), List.of()).size(),
                                spend.getOrDefault(q.by(), List.of()),
                                Measures.ZERO,
                                Measures.ZERO));
        // The model overkill of chat was all on gpt-4.1; no other feature has any.
        SavingsRecommender recommender =
                new SavingsRecommender(queries, (ws, start, end) -> Map.of("chat", List.of("gpt-4.1")));
        return recommender.savingsRecommendations(new SavingsQuery(WS, from, to, limit, null, null, null, null, null));
    }
}
