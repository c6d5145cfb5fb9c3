package dev.spendline.streams;

import static dev.spendline.streams.SpendlineTopologyTest.FAR_FUTURE;
import static dev.spendline.streams.SpendlineTopologyTest.T0;
import static dev.spendline.streams.SpendlineTopologyTest.WS;
import static dev.spendline.streams.SpendlineTopologyTest.event;
import static dev.spendline.streams.SpendlineTopologyTest.sumCost;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rollups at volume: thousands of events through the real topology and RocksDB. An IT only
 * because {@link TopologyTestDriver} commits (and RocksDB flushes every store) after each record,
 * about 10 ms a record on a small machine, so these run in {@code verify}, not the fast loop.
 */
class SeededRollupsIT {

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private LocalSpendQueries queries;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("seeded-rollups");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        queries = new LocalSpendQueries(TopologyDrivers.rollups(driver), SpendlineTopologyTest.QUERY_CLOCK);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    private void send(AcceptedEvent e) {
        events.pipeInput(e.workspaceId(), e, e.receivedAt());
    }

    private SpendReport report(String ws, Dimension by, Instant from, Instant to, int limit) {
        return queries.spendBy(new SpendQuery(ws, by.kind(), by, from, to, Map.of(), limit));
    }

    @Test
    void rollsUpSeededEventsToExactFiguresForEveryDimension() {
        List<AcceptedEvent> generated = SeededEvents.generate(7, WS, 2_000, T0, Duration.ofDays(9), true);
        generated.forEach(this::send);

        BigDecimal expectedCost =
                generated.stream().map(e -> e.event().costUsd()).reduce(BigDecimal.ZERO, BigDecimal::add);
        for (Dimension by : List.of(Dimension.FEATURE, Dimension.MODEL, Dimension.TENANT, Dimension.STATUS)) {
            SpendReport report = report(WS, by, T0, FAR_FUTURE, 1_000);
            assertThat(report.totals().costUsd()).isEqualByComparingTo(expectedCost);
            assertThat(report.totals().calls()).isEqualTo(2_000);
            assertThat(sumCost(report.rows())).isEqualByComparingTo(expectedCost);
        }

        SpendReport byFeature = report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 1_000);
        Map<String, BigDecimal> expectedByFeature = generated.stream()
                .collect(Collectors.groupingBy(
                        e -> Objects.requireNonNullElse(e.event().feature(), "(none)"),
                        Collectors.reducing(BigDecimal.ZERO, e -> e.event().costUsd(), BigDecimal::add)));
        Map<String, BigDecimal> actualByFeature = byFeature.rows().stream()
                .collect(Collectors.toMap(r -> Objects.requireNonNullElse(r.value(), "(none)"), r -> r.measures()
                        .costUsd()));
        assertThat(actualByFeature.keySet()).isEqualTo(expectedByFeature.keySet());
        expectedByFeature.forEach(
                (feature, cost) -> assertThat(actualByFeature.get(feature)).isEqualByComparingTo(cost));

        long expectedErrors = generated.stream().filter(e -> e.event().failed()).count();
        long expectedCacheRead =
                generated.stream().mapToLong(e -> e.event().cacheReadTokens()).sum();
        assertThat(byFeature.totals().errors()).isEqualTo(expectedErrors);
        assertThat(byFeature.totals().cacheReadTokens()).isEqualTo(expectedCacheRead);
    }

    @Test
    void sumsManyTinyCostsExactly() {
        for (int i = 0; i < 1_000; i++) {
            send(event(null, null, "search", "0.000001", T0));
        }
        assertThat(report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 10).totals().costUsd())
                .isEqualByComparingTo("0.001");
    }
}
