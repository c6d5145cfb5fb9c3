package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Internal usage costed by its cost basis through the production topology and bundled price book. */
class PricingTopologyTest {

    private static final String WS = "ws_p";
    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedUsageRow> usage;
    private LocalSpendQueries queries;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("pricing-test");
        usage = TopologyDrivers.input(driver, Topics.INTERNAL_USAGE);
        queries = new LocalSpendQueries(TopologyDrivers.rollups(driver), Clock.fixed(T, ZoneOffset.UTC));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void eachCostBasisCostsAsDocumented() {
        // price_book: 900 × 3 + 100 × 0.30 + 200 × 15 per million = 0.00573 USD.
        send("ana@acme.dev", "claude-sonnet-4", "price_book", null, "r1");
        // reported: the row's own figure.
        send("ben@acme.dev", "claude-sonnet-4", "reported", "1.25", "r2");
        // subscription: tokens tracked, no cost.
        send("cy@acme.dev", "claude-sonnet-4", "subscription", null, "r3");
        // price_book for a model the book does not know: 0, tokens still counted.
        send("dee@acme.dev", "in-house-7b", "price_book", null, "r4");

        SpendReport report = queries.spendBy(new SpendQuery(
                WS, UsageKind.INTERNAL, Dimension.EMPLOYEE, T.minusSeconds(3600), T.plusSeconds(3600), Map.of(), 10));
        Map<String, String> costs = new java.util.TreeMap<>();
        report.rows().forEach(r -> costs.put(r.value(), r.measures().costUsd().toPlainString()));
        assertThat(costs)
                .containsExactly(
                        Map.entry("ana@acme.dev", "0.00573"),
                        Map.entry("ben@acme.dev", "1.25"),
                        Map.entry("cy@acme.dev", "0.00"),
                        Map.entry("dee@acme.dev", "0.00"));
        assertThat(report.totals().costUsd()).isEqualByComparingTo("1.25573");
        assertThat(report.totals().inputTokens()).isEqualTo(4_000);
        // Only the price_book row of the unknown model is unpriced; its tokens are named.
        assertThat(report.unpriced()).isEqualTo(new UnpricedUsage(1, 1_000, 100, 200, List.of("in-house-7b")));
        // The unpriced slots never leak into the measures shown.
        assertThat(report.totals().errors()).isZero();
        assertThat(report.totals().retries()).isZero();
        assertThat(report.totals().cacheWriteTokens()).isZero();
    }

    @Test
    void usageOfAnUnknownModelIsReportedAsUnpricedWithItsTokensInEveryReport() {
        send("ana@acme.dev", "claude-sonnet-4", "price_book", null, "r1");
        send("ana@acme.dev", "gpt-9-turbo", "price_book", null, "r2");
        send("ben@acme.dev", "gpt-9-turbo", "price_book", null, "r3");
        send("ben@acme.dev", "in-house-7b", "price_book", null, "r4");

        // By model: the rows say it; by another dimension, by period, filtered, excluded: the same sums.
        SpendReport byModel = report(Dimension.INTERNAL_MODEL, null, Map.of(), Map.of());
        assertThat(byModel.unpriced())
                .isEqualTo(new UnpricedUsage(3, 3_000, 300, 600, List.of("gpt-9-turbo", "in-house-7b")));
        assertThat(byModel.unpriced().fix()).contains("spendline.pricing.price-book-file");
        SpendReport byEmployee = report(Dimension.EMPLOYEE, null, Map.of(), Map.of());
        assertThat(byEmployee.unpriced()).isEqualTo(byModel.unpriced());
        SpendReport byDay = report(null, TimeGrain.DAY, Map.of(), Map.of());
        assertThat(byDay.unpriced()).isEqualTo(byModel.unpriced());
        SpendReport ana = report(Dimension.INTERNAL_TOOL, null, Map.of(Dimension.EMPLOYEE, "ana@acme.dev"), Map.of());
        assertThat(ana.unpriced()).isEqualTo(new UnpricedUsage(1, 1_000, 100, 200, List.of("gpt-9-turbo")));
        SpendReport withoutInHouse =
                report(Dimension.EMPLOYEE, null, Map.of(), Map.of(Dimension.INTERNAL_MODEL, Set.of("in-house-7b")));
        assertThat(withoutInHouse.unpriced()).isEqualTo(new UnpricedUsage(2, 2_000, 200, 400, List.of("gpt-9-turbo")));
    }

    @Test
    void aKnownModelIsPricedAndNothingIsUnpriced() {
        send("ana@acme.dev", "claude-sonnet-4", "price_book", null, "r1");
        send("ana@acme.dev", "gpt-5.1-codex", "price_book", null, "r2");

        SpendReport report = report(Dimension.INTERNAL_MODEL, null, Map.of(), Map.of());
        assertThat(report.unpriced()).isEqualTo(UnpricedUsage.NONE);
        assertThat(report.unpriced().any()).isFalse();
        assertThat(report.rows())
                .allSatisfy(r -> assertThat(r.measures().costUsd()).isPositive());
    }

    @Test
    void productReportsHaveNoUnpricedPart() {
        SpendReport product = queries.spendBy(new SpendQuery(
                WS, UsageKind.PRODUCT, Dimension.MODEL, T.minusSeconds(3600), T.plusSeconds(3600), Map.of(), 10));
        assertThat(product.unpriced()).isNull();
    }

    private SpendReport report(
            Dimension by, TimeGrain grain, Map<Dimension, String> filters, Map<Dimension, Set<String>> exclusions) {
        return queries.spendBy(new SpendQuery(
                WS,
                UsageKind.INTERNAL,
                by,
                grain,
                T.minusSeconds(3600),
                T.plusSeconds(3600),
                filters,
                SpendQuery.DEFAULT_LIMIT,
                SpendMetric.COST,
                null,
                exclusions));
    }

    private void send(String email, String model, String basis, String cost, String id) {
        InternalUsageRow row = new InternalUsageRow(
                "laptop-1",
                null,
                "collector",
                "claude-code",
                "coding_agent",
                email,
                null,
                "platform",
                model.startsWith("gpt") ? "openai" : "anthropic",
                model,
                1_000,
                100,
                200,
                basis,
                T,
                cost == null ? null : new BigDecimal(cost),
                id);
        usage.pipeInput(WS, AcceptedUsageRow.of(WS, T, row), T);
    }
}
