package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SpendlineTopologyTest {

    static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    static final Instant FAR_FUTURE = Instant.parse("2027-01-01T00:00:00Z");
    /** Queries are answered a few days after T0, so the hours of the test's range are still kept. */
    static final Clock QUERY_CLOCK = Clock.fixed(Instant.parse("2026-11-06T00:00:00Z"), ZoneOffset.UTC);

    static final String WS = "ws_a";

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestInputTopic<String, AcceptedUsageRow> usage;
    private LocalSpendQueries queries;

    @BeforeEach
    void start() {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "topology-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, TopologyDrivers.freshStateDir());
        config.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                LogAndContinueExceptionHandler.class.getName());
        driver = new TopologyTestDriver(
                SpendlineTopology.build(new StreamsBuilder(), new TopologySettings(Duration.ofDays(35))), config);
        events = driver.createInputTopic(
                Topics.EVENTS.name(),
                Topics.EVENTS.keySerde().serializer(),
                Topics.EVENTS.valueSerde().serializer());
        usage = driver.createInputTopic(
                Topics.INTERNAL_USAGE.name(),
                Topics.INTERNAL_USAGE.keySerde().serializer(),
                Topics.INTERNAL_USAGE.valueSerde().serializer());
        queries = new LocalSpendQueries(TopologyDrivers.rollups(driver), QUERY_CLOCK);
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
    void resentIdentityCountsOnceInEveryRollup() {
        AcceptedEvent first = event("src", "x-1", "search", "0.10", T0.plusSeconds(60));
        send(first);
        // The same identity again, twice, received later: a retry after a timeout.
        send(new AcceptedEvent(1, WS, first.receivedAt().plusSeconds(30), first.event()));
        send(new AcceptedEvent(1, WS, first.receivedAt().plus(Duration.ofDays(3)), first.event()));

        for (Dimension by : List.of(Dimension.FEATURE, Dimension.MODEL, Dimension.PROVIDER, Dimension.TENANT)) {
            SpendReport report = report(WS, by, T0, FAR_FUTURE, 10);
            assertThat(report.totals().calls()).as(by.name()).isEqualTo(1);
            assertThat(report.totals().costUsd()).as(by.name()).isEqualByComparingTo("0.10");
            assertThat(report.rows()).hasSize(1);
        }
    }

    @Test
    void identityIsScopedToWorkspaceAndSource() {
        send(event("src", "x-1", "search", "1", T0));
        send(event("other-src", "x-1", "search", "1", T0));
        AcceptedEvent inB = event("src", "x-1", "search", "1", T0);
        send(new AcceptedEvent(1, "ws_b", inB.receivedAt(), inB.event()));

        assertThat(report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 10).totals().calls())
                .isEqualTo(2);
        assertThat(report("ws_b", Dimension.FEATURE, T0, FAR_FUTURE, 10)
                        .totals()
                        .calls())
                .isEqualTo(1);
    }

    @Test
    void eventsWithoutIdentityAllCount() {
        send(event(null, null, "search", "1", T0));
        send(event(null, null, "search", "1", T0));
        assertThat(report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 10).totals().calls())
                .isEqualTo(2);
    }

    @Test
    void identityIsForgottenAfterTheHorizon() {
        AcceptedEvent first = event("src", "x-1", "search", "1", T0);
        send(first);
        send(new AcceptedEvent(1, WS, first.receivedAt().plus(Duration.ofDays(40)), first.event()));
        assertThat(report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 10).totals().calls())
                .isEqualTo(2);
    }

    @Test
    void limitsRowsAndSumsTheRestAsOthers() {
        send(event(null, null, "a", "5", T0));
        send(event(null, null, "b", "4", T0));
        send(event(null, null, "c", "3", T0));
        send(event(null, null, null, "2", T0));

        SpendReport report = report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 2);
        assertThat(report.rows()).extracting(SpendRow::value).containsExactly("a", "b");
        assertThat(report.others().costUsd()).isEqualByComparingTo("5");
        assertThat(report.others().calls()).isEqualTo(2);
        assertThat(report.totals().costUsd()).isEqualByComparingTo("14");
        assertThat(report.distinctValues()).isEqualTo(4);
    }

    @Test
    void countsOnlyTheRequestedHoursAcrossDayBoundaries() {
        send(event(null, null, "f", "1", Instant.parse("2026-11-02T22:30:00Z")));
        send(event(null, null, "f", "2", Instant.parse("2026-11-03T05:00:00Z")));
        send(event(null, null, "f", "4", Instant.parse("2026-11-04T12:00:00Z")));
        send(event(null, null, "f", "8", Instant.parse("2026-11-05T01:59:59Z")));
        send(event(null, null, "f", "16", Instant.parse("2026-11-05T02:00:00Z")));

        // 22:00 on the 2nd up to 02:00 on the 5th: partial day, two whole days, partial day.
        SpendReport report = report(
                WS,
                Dimension.FEATURE,
                Instant.parse("2026-11-02T22:00:00Z"),
                Instant.parse("2026-11-05T02:00:00Z"),
                10);
        assertThat(report.totals().costUsd()).isEqualByComparingTo("15");
        // Only whole hours are kept: 22:45 rounds down to 22:00, 01:10 rounds up to 02:00.
        SpendReport rounded = report(
                WS,
                Dimension.FEATURE,
                Instant.parse("2026-11-02T22:45:00Z"),
                Instant.parse("2026-11-05T01:10:00Z"),
                10);
        assertThat(rounded.from()).isEqualTo(Instant.parse("2026-11-02T22:00:00Z"));
        assertThat(rounded.to()).isEqualTo(Instant.parse("2026-11-05T02:00:00Z"));
        assertThat(rounded.totals().costUsd()).isEqualByComparingTo("15");
        SpendReport oneDay = report(
                WS,
                Dimension.FEATURE,
                Instant.parse("2026-11-04T00:00:00Z"),
                Instant.parse("2026-11-05T00:00:00Z"),
                10);
        assertThat(oneDay.totals().costUsd()).isEqualByComparingTo("4");
    }

    /**
     * An event received long after it happened (a backfill) counts in its day, not its hour, and a
     * report over old hours reads their whole days: nothing is lost, and the answer says which
     * range it covers.
     */
    @Test
    void aLateEventCountsInItsDayAndOldRangesReadWholeDays() {
        Instant happened = Instant.parse("2026-11-02T10:15:00Z");
        Instant received = Instant.parse("2026-11-20T08:00:00Z");
        events.pipeInput(
                WS,
                AcceptedEvent.of(WS, received, base("s", "late-1", "search", "2.5", happened, "t1", "gpt-4.1")),
                received);

        KeyValueStore<String, Rollup> rollups = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        assertThat(rollups.get(RollupKeys.key(
                        WS, Granularity.HOUR, RollupKeys.TOTAL, Granularity.HOUR.bucketOf(happened), "")))
                .isNull();
        assertThat(rollups.get(RollupKeys.key(
                                WS, Granularity.DAY, RollupKeys.TOTAL, Granularity.DAY.bucketOf(happened), ""))
                        .costNanos())
                .isEqualTo(2_500_000_000L);

        LocalSpendQueries later = new LocalSpendQueries(
                TopologyDrivers.rollups(driver), Clock.fixed(Instant.parse("2026-11-21T00:00:00Z"), ZoneOffset.UTC));
        SpendReport hours = later.spendBy(new SpendQuery(
                WS,
                UsageKind.PRODUCT,
                Dimension.FEATURE,
                Instant.parse("2026-11-02T09:00:00Z"),
                Instant.parse("2026-11-02T12:00:00Z"),
                Map.of(),
                10));
        assertThat(hours.from()).isEqualTo("2026-11-02T00:00:00Z");
        assertThat(hours.to()).isEqualTo("2026-11-03T00:00:00Z");
        assertThat(hours.totals().costUsd()).isEqualByComparingTo("2.5");
    }

    /** Hours past the horizon are deleted by a wall-clock punctuation; days stay and still add up. */
    @Test
    void hoursPastTheHorizonAreDeletedAndTheirDaysStay() {
        send(event(null, null, "search", "4", Instant.parse("2026-11-02T10:00:00Z")));
        KeyValueStore<String, Rollup> rollups = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        String hourKey = RollupKeys.key(
                WS,
                Granularity.HOUR,
                Dimension.FEATURE.code(),
                Granularity.HOUR.bucketOf(Instant.parse("2026-11-02T10:00:00Z")),
                "search");
        assertThat(rollups.get(hourKey)).isNotNull();

        // The driver's wall clock is the real one: weeks after 2 Nov 2026.
        driver.advanceWallClockTime(Duration.ofMinutes(5));

        assertThat(rollups.get(hourKey)).isNull();
        assertThat(report(WS, Dimension.FEATURE, T0, T0.plus(Duration.ofDays(1)), 10)
                        .totals()
                        .costUsd())
                .isEqualByComparingTo("4");
    }

    /**
     * A range that covers whole months, or a month up to now, reads those months' monthly buckets
     * minus what lies after the range; the figures are the same as summing days and hours.
     */
    @Test
    void monthsCoveredUpToNowAreReadAsMonthlyBucketsMinusWhatComesAfterTheRange() {
        sendAt("t1", "3", "2026-10-10T08:00:00Z");
        sendAt("t2", "1", "2026-10-31T23:59:00Z");
        sendAt("t1", "2", "2026-11-03T12:00:00Z");
        sendAt("t2", "5", "2026-11-25T09:15:00Z");
        // After the range: later today (hourly buckets) and later this month (daily buckets).
        sendAt("t1", "7", "2026-11-25T15:00:00Z");
        sendAt("t3", "4", "2026-11-28T10:00:00Z");
        LocalSpendQueries at = new LocalSpendQueries(
                TopologyDrivers.rollups(driver), Clock.fixed(Instant.parse("2026-11-25T10:30:00Z"), ZoneOffset.UTC));

        SpendReport report = at.spendBy(new SpendQuery(
                WS,
                UsageKind.PRODUCT,
                Dimension.TENANT,
                Instant.parse("2026-10-01T00:00:00Z"),
                Instant.parse("2026-11-25T10:30:00Z"),
                Map.of(),
                10));

        assertThat(report.to()).isEqualTo("2026-11-25T11:00:00Z");
        assertThat(report.rows()).extracting(SpendRow::value).containsExactly("t2", "t1");
        assertThat(report.rows().get(0).measures().costUsd()).isEqualByComparingTo("6");
        assertThat(report.rows().get(1).measures().costUsd()).isEqualByComparingTo("5");
        assertThat(report.totals().costUsd()).isEqualByComparingTo("11");
        assertThat(report.totals().calls()).isEqualTo(4);

        // The same range starting on 2 October reads October from its days: same figures less t1's 3.
        SpendReport fromDays = at.spendBy(new SpendQuery(
                WS,
                UsageKind.PRODUCT,
                Dimension.TENANT,
                Instant.parse("2026-10-11T00:00:00Z"),
                Instant.parse("2026-11-25T10:30:00Z"),
                Map.of(),
                10));
        assertThat(fromDays.totals().costUsd()).isEqualByComparingTo("8");

        // And the monthly bucket is what answers: a daily key changed behind its back is not read.
        KeyValueStore<String, Rollup> rollups = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        String octoberDay = RollupKeys.key(
                WS,
                Granularity.DAY,
                Dimension.TENANT.code(),
                Granularity.DAY.bucketOf(Instant.parse("2026-10-10T08:00:00Z")),
                "t1");
        rollups.put(octoberDay, rollups.get(octoberDay).withCost(99_000_000_000L));
        assertThat(at.spendBy(new SpendQuery(
                                WS,
                                UsageKind.PRODUCT,
                                Dimension.TENANT,
                                Instant.parse("2026-10-01T00:00:00Z"),
                                Instant.parse("2026-11-25T10:30:00Z"),
                                Map.of(),
                                10))
                        .totals()
                        .costUsd())
                .isEqualByComparingTo("11");
    }

    private void sendAt(String tenant, String cost, String at) {
        Instant ts = Instant.parse(at);
        send(AcceptedEvent.of(WS, ts.plusSeconds(1), base(null, null, "search", cost, ts, tenant, "gpt-4.1")));
    }

    @Test
    void filtersByAPairedDimensionInEitherDirection() {
        send(eventFor("t1", "search", "gpt-4.1", "3"));
        send(eventFor("t1", "chat", "gpt-4.1", "2"));
        send(eventFor("t2", "search", "claude-haiku-4", "7"));
        // A value that starts like another must not be read with it.
        send(eventFor("t10", "chat", "gpt-4.1", "11"));

        SpendReport modelsForSearch = queries.spendBy(new SpendQuery(
                WS, UsageKind.PRODUCT, Dimension.MODEL, T0, FAR_FUTURE, Map.of(Dimension.FEATURE, "search"), 10));
        assertThat(modelsForSearch.rows())
                .extracting(SpendRow::value, r -> r.measures().costUsd().toPlainString())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("claude-haiku-4", "7.00"),
                        org.assertj.core.groups.Tuple.tuple("gpt-4.1", "3.00"));
        assertThat(modelsForSearch.totals().costUsd()).isEqualByComparingTo("10");

        SpendReport featuresOfT1 = queries.spendBy(new SpendQuery(
                WS, UsageKind.PRODUCT, Dimension.FEATURE, T0, FAR_FUTURE, Map.of(Dimension.TENANT, "t1"), 10));
        assertThat(featuresOfT1.rows()).extracting(SpendRow::value).containsExactly("search", "chat");
        assertThat(featuresOfT1.totals().costUsd()).isEqualByComparingTo("5");

        SpendReport tenantsOfSearch = queries.spendBy(new SpendQuery(
                WS, UsageKind.PRODUCT, Dimension.TENANT, T0, FAR_FUTURE, Map.of(Dimension.FEATURE, "search"), 10));
        assertThat(tenantsOfSearch.rows())
                .extracting(SpendRow::value, r -> r.measures().costUsd().toPlainString())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("t2", "7.00"),
                        org.assertj.core.groups.Tuple.tuple("t1", "3.00"));

        // No pair holds user and feature: the combination rollup answers, exactly as well.
        SpendReport usersOfSearch = queries.spendBy(new SpendQuery(
                WS, UsageKind.PRODUCT, Dimension.USER, T0, FAR_FUTURE, Map.of(Dimension.FEATURE, "search"), 10));
        assertThat(usersOfSearch.totals().costUsd()).isEqualByComparingTo("10");
    }

    @Test
    void rollsUpInternalUsageSeparatelyFromProductEvents() {
        send(event(null, null, "search", "1", T0));
        pipeUsage(usageRow("ann@example.com", "platform", "claude_code", "2.50", "row-1"));
        pipeUsage(usageRow("ann@example.com", "platform", "claude_code", "2.50", "row-1")); // resend
        pipeUsage(usageRow("bob@example.com", "data", "codex", "1.25", "row-2"));

        SpendReport byEmployee = report(WS, Dimension.EMPLOYEE, T0, FAR_FUTURE, 10);
        assertThat(byEmployee.rows()).extracting(SpendRow::value).containsExactly("ann@example.com", "bob@example.com");
        assertThat(byEmployee.totals().costUsd()).isEqualByComparingTo("3.75");
        assertThat(byEmployee.totals().calls()).isEqualTo(2);
        assertThat(report(WS, Dimension.INTERNAL_TOOL, T0, FAR_FUTURE, 10).rows())
                .extracting(SpendRow::value)
                .containsExactly("claude_code", "codex");
        // Product totals do not include internal usage, and the other way round.
        assertThat(report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 10).totals().costUsd())
                .isEqualByComparingTo("1");
    }

    @Test
    void skipsUnreadableRecordsAndKeepsCounting() {
        TestInputTopic<String, byte[]> raw =
                driver.createInputTopic(Topics.EVENTS.name(), new StringSerializer(), new ByteArraySerializer());
        raw.pipeInput(WS, "{not json".getBytes(), T0);
        raw.pipeInput(WS, "{\"schemaVersion\":1,\"event\":[]}".getBytes(), T0);
        send(event(null, null, "search", "1", T0));

        assertThat(report(WS, Dimension.FEATURE, T0, FAR_FUTURE, 10).totals().calls())
                .isEqualTo(1);
        assertThat(driver.metrics().entrySet().stream()
                        .filter(m -> m.getKey().name().equals("dropped-records-total"))
                        .mapToDouble(m -> ((Number) m.getValue().metricValue()).doubleValue())
                        .sum())
                .isEqualTo(2.0);
    }

    @Test
    void reportsAnEmptyWorkspaceAsZero() {
        SpendReport report = report("ws_empty", Dimension.FEATURE, T0, FAR_FUTURE, 10);
        assertThat(report.rows()).isEmpty();
        assertThat(report.totals()).isEqualTo(Measures.ZERO);
    }

    private void pipeUsage(InternalUsageRow row) {
        usage.pipeInput(WS, AcceptedUsageRow.of(WS, T0.plusSeconds(5), row), T0.plusSeconds(5));
    }

    private static InternalUsageRow usageRow(String email, String team, String tool, String cost, String id) {
        return new InternalUsageRow(
                "laptop-1",
                null,
                "collector",
                tool,
                "coding_agent",
                email,
                null,
                team,
                "anthropic",
                "claude-sonnet-4",
                1_000,
                100,
                200,
                "reported",
                T0.plusSeconds(5),
                new BigDecimal(cost),
                id);
    }

    private static AcceptedEvent eventFor(String tenant, String feature, String model, String cost) {
        return AcceptedEvent.of(WS, T0, base(null, null, feature, cost, T0, tenant, model));
    }

    static AcceptedEvent event(String source, String externalId, String feature, String cost, Instant ts) {
        return AcceptedEvent.of(WS, ts.plusMillis(500), base(source, externalId, feature, cost, ts, "t1", "gpt-4.1"));
    }

    private static ProductEvent base(
            String source, String externalId, String feature, String cost, Instant ts, String tenant, String model) {
        return new ProductEvent(
                "openai",
                model,
                100,
                50,
                new BigDecimal(cost),
                source,
                externalId,
                ts,
                null,
                0L,
                0L,
                120L,
                "success",
                feature,
                tenant,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    static BigDecimal sumCost(List<SpendRow> rows) {
        return rows.stream().map(r -> r.measures().costUsd()).reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
