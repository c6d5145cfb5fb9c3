package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
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
                "anthropic",
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
