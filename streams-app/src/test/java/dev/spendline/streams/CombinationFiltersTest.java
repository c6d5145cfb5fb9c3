package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every combination of two filters, with every grouping (each dimension and each period), checked
 * against a brute-force sum over the seeded events and rows: the reports read rollups, pairs or
 * the combination rollup, the brute force reads nothing but the generated list.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CombinationFiltersTest {

    private static final String WS = "ws_combo";
    /** The queries' "now": hours from Oct 29 on are kept, older edges are read as whole days. */
    private static final Instant NOW = Instant.parse("2026-11-06T00:00:00Z");

    private static final Instant FROM = Instant.parse("2026-10-26T10:00:00Z");
    private static final Instant TO = Instant.parse("2026-11-05T15:00:00Z");

    private static final List<Dimension> PRODUCT = ProductRollupSpec.COMBINATION;
    private static final List<Dimension> INTERNAL = Arrays.stream(Dimension.values())
            .filter(d -> d.kind() == UsageKind.INTERNAL)
            .toList();

    private TopologyTestDriver driver;
    private LocalSpendQueries queries;
    private final List<AcceptedEvent> events = new ArrayList<>();
    private final List<AcceptedUsageRow> rows = new ArrayList<>();

    /** Seeded once: the tests only read, except one that puts back what it takes away. */
    @BeforeAll
    void seed() {
        driver = TopologyDrivers.start("combination-filters", NOW, TopologyDrivers.freshStateDir());
        queries = new LocalSpendQueries(TopologyDrivers.rollups(driver), Clock.fixed(NOW, ZoneOffset.UTC));
        Random random = new Random(15);
        var eventInput = TopologyDrivers.input(driver, Topics.EVENTS);
        var usageInput = TopologyDrivers.input(driver, Topics.INTERNAL_USAGE);
        Instant start = Instant.parse("2026-10-24T00:00:00Z");
        long span = Instant.parse("2026-11-05T23:00:00Z").toEpochMilli() - start.toEpochMilli();
        for (int i = 0; i < 900; i++) {
            Instant ts = start.plusMillis((long) (random.nextDouble() * span));
            boolean failed = random.nextInt(8) == 0;
            ProductEvent e = new ProductEvent(
                    pick(random, "openai", "anthropic"),
                    pick(random, "gpt-4.1", "gpt-4.1-mini", "claude-sonnet-4"),
                    100 + random.nextInt(900),
                    random.nextInt(400),
                    BigDecimal.valueOf(random.nextInt(3_000_000), 7),
                    "test",
                    "e-" + i,
                    ts,
                    null,
                    0L,
                    0L,
                    random.nextInt(5) == 0 ? null : (long) random.nextInt(2_000),
                    failed ? ProductEvent.STATUS_ERROR : ProductEvent.STATUS_SUCCESS,
                    pickOrNull(random, "search", "chat", "support-bot"),
                    pick(random, "acme", "acme-eu", "globex", "initech"),
                    pickOrNull(random, "u1", "u2", "u3"),
                    pickOrNull(random, "triage", "research"),
                    pickOrNull(random, "tickets", "reports"),
                    null,
                    null,
                    pickOrNull(random, "web_search", "sql"),
                    random.nextInt(6) == 0 ? 1L : null,
                    pickOrNull(random, "resolved", "escalated"),
                    null);
            AcceptedEvent accepted = AcceptedEvent.of(WS, ts.plusSeconds(2), e);
            events.add(accepted);
            eventInput.pipeInput(WS, accepted, accepted.receivedAt());
        }
        for (int i = 0; i < 400; i++) {
            Instant ts = start.plusMillis((long) (random.nextDouble() * span));
            InternalUsageRow r = new InternalUsageRow(
                    pick(random, "claude-code-otel", "codex-otel"),
                    "collector",
                    "collector",
                    pick(random, "claude_code", "codex", "cursor"),
                    pick(random, "coding_agent", "chat_assistant"),
                    pick(random, "ana@acme.com", "bob@acme.com", "cy@acme.com"),
                    null,
                    pickOrNull(random, "platform", "growth"),
                    pick(random, "anthropic", "openai"),
                    pick(random, "claude-sonnet-4", "gpt-5-codex"),
                    100 + random.nextInt(900),
                    random.nextInt(50),
                    random.nextInt(300),
                    "reported",
                    ts,
                    BigDecimal.valueOf(random.nextInt(900_000), 6),
                    "u-" + i);
            AcceptedUsageRow accepted = AcceptedUsageRow.of(WS, ts.plusSeconds(2), r);
            rows.add(accepted);
            usageInput.pipeInput(WS, accepted, accepted.receivedAt());
        }
    }

    @AfterAll
    void stop() {
        driver.close();
    }

    @Test
    void everyTwoProductFiltersWithEveryGroupingMatchTheBruteForceSum() {
        int checked = checkEveryPair(UsageKind.PRODUCT, PRODUCT, this::productValue, this::productRollup, events);
        assertThat(checked).isEqualTo(45 * (PRODUCT.size() + TimeGrain.values().length));
    }

    @Test
    void everyTwoInternalFiltersWithEveryGroupingMatchTheBruteForceSum() {
        int checked = checkEveryPair(UsageKind.INTERNAL, INTERNAL, this::internalValue, this::internalRollup, rows);
        assertThat(checked).isEqualTo(21 * (INTERNAL.size() + TimeGrain.values().length));
    }

    @Test
    void threeFiltersAndAMetricInAscendingOrder() {
        Map<Dimension, String> filters =
                Map.of(Dimension.TENANT, "acme", Dimension.STATUS, "success", Dimension.AGENT, "triage");
        SpendReport report = queries.spendBy(new SpendQuery(
                WS,
                UsageKind.PRODUCT,
                Dimension.MODEL,
                null,
                FROM,
                TO,
                filters,
                1000,
                SpendMetric.CALLS,
                SpendOrder.ASC));
        Map<String, Rollup> expected = bruteForce(
                events,
                report,
                filters,
                this::productValue,
                this::productRollup,
                e -> productValue(e, Dimension.MODEL));
        assertThat(expected).isNotEmpty();
        assertMatches(report, expected, "acme+success+triage by model");
        List<BigDecimal> calls =
                report.rows().stream().map(SpendRow::metricValue).toList();
        assertThat(calls).isSortedAccordingTo(BigDecimal::compareTo);
        assertThat(report.metric()).isEqualTo("calls");
        assertThat(report.order()).isEqualTo("asc");
    }

    @Test
    void aRateRanksRowsByItsValueAndIsExactFromTheSums() {
        SpendReport report = queries.spendBy(new SpendQuery(
                WS,
                UsageKind.PRODUCT,
                Dimension.FEATURE,
                null,
                FROM,
                TO,
                Map.of(Dimension.TENANT, "globex"),
                1000,
                SpendMetric.ERROR_RATE,
                SpendOrder.DESC));
        for (SpendRow row : report.rows()) {
            BigDecimal expected = BigDecimal.valueOf(row.measures().errors())
                    .divide(BigDecimal.valueOf(row.measures().calls()), 6, java.math.RoundingMode.HALF_EVEN);
            assertThat(row.metricValue()).isEqualByComparingTo(expected);
        }
        assertThat(report.rows().stream().map(SpendRow::metricValue).toList())
                .isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void aPeriodReportListsEveryPeriodOfTheRangeIncludingEmptyOnes() {
        // acme-eu on support-bot with u3: a few days only; the others must still be listed as zero.
        Map<Dimension, String> filters =
                Map.of(Dimension.TENANT, "acme-eu", Dimension.FEATURE, "support-bot", Dimension.USER, "u3");
        SpendReport daily = queries.spendBy(
                new SpendQuery(WS, UsageKind.PRODUCT, null, TimeGrain.DAY, FROM, TO, filters, 1000, null, null));
        assertThat(daily.rows()).extracting(SpendRow::value).first().isEqualTo("2026-10-26");
        assertThat(daily.rows()).extracting(SpendRow::value).last().isEqualTo("2026-11-05");
        assertThat(daily.rows()).hasSize(11);
        assertThat(daily.rows())
                .anySatisfy(r -> assertThat(r.measures().calls()).isZero());
        assertThat(daily.order()).isEqualTo("asc");
        SpendReport weekly = queries.spendBy(new SpendQuery(
                WS, UsageKind.PRODUCT, null, TimeGrain.WEEK, FROM, TO, Map.of(), 1000, null, SpendOrder.DESC));
        // Oct 26 is a Monday; Nov 5 is in the week of Nov 2.
        assertThat(weekly.rows()).extracting(SpendRow::value).containsExactly("2026-11-02", "2026-10-26");
        assertThat(weekly.totals())
                .isEqualTo(
                        queries.spendBy(new SpendQuery(WS, UsageKind.PRODUCT, Dimension.FEATURE, FROM, TO, Map.of(), 5))
                                .totals());
    }

    @Test
    void compareLinesUpTheSameFilteredReportOverTwoPeriods() {
        Map<Dimension, String> filters = Map.of(Dimension.TENANT, "acme", Dimension.STATUS, "success");
        Instant split = Instant.parse("2026-10-31T00:00:00Z");
        SpendQuery current =
                new SpendQuery(WS, UsageKind.PRODUCT, Dimension.FEATURE, null, split, TO, filters, 1000, null, null);
        SpendQuery base =
                new SpendQuery(WS, UsageKind.PRODUCT, Dimension.FEATURE, null, FROM, split, filters, 1000, null, null);
        var local = new dev.spendline.contracts.query.QueryHandlers()
                .on(dev.spendline.contracts.query.QueryType.SPEND_BY, queries::spendBy);
        var report = new dev.spendline.streams.spend.LocalCompareQueries(local)
                .compare(new dev.spendline.contracts.compare.CompareQuery(
                        WS, dev.spendline.contracts.compare.CompareSubject.SPEND, current, base, null, null, 2));
        Map<String, Rollup> now = bruteForce(
                events,
                queries.spendBy(current),
                filters,
                this::productValue,
                this::productRollup,
                e -> productValue(e, Dimension.FEATURE));
        Map<String, Rollup> before = bruteForce(
                events,
                queries.spendBy(base),
                filters,
                this::productValue,
                this::productRollup,
                e -> productValue(e, Dimension.FEATURE));
        java.util.Set<String> values = new java.util.HashSet<>(now.keySet());
        values.addAll(before.keySet());
        assertThat(report.distinctValues()).isEqualTo(values.size());
        assertThat(report.rows()).hasSize(2);
        for (var row : report.rows()) {
            String key = row.value() == null ? "" : row.value();
            BigDecimal expected = now.getOrDefault(key, Rollup.EMPTY)
                    .toMeasures()
                    .costUsd()
                    .subtract(
                            before.getOrDefault(key, Rollup.EMPTY).toMeasures().costUsd());
            assertThat(row.change()).as(key).isEqualByComparingTo(expected);
        }
        // Largest change first, and the movers are the rows that rose and fell.
        assertThat(report.rows().get(0).change().abs())
                .isGreaterThanOrEqualTo(report.rows().get(1).change().abs());
        BigDecimal totalNow = now.values().stream()
                .reduce(Rollup.EMPTY, Rollup::plus)
                .toMeasures()
                .costUsd();
        BigDecimal totalBefore = before.values().stream()
                .reduce(Rollup.EMPTY, Rollup::plus)
                .toMeasures()
                .costUsd();
        assertThat(report.totals().current()).isEqualByComparingTo(totalNow);
        assertThat(report.totals().base()).isEqualByComparingTo(totalBefore);
        assertThat(report.grewMost()).allSatisfy(v -> assertThat(
                        now.getOrDefault(v == null ? "" : v, Rollup.EMPTY).costNanos())
                .isGreaterThan(
                        before.getOrDefault(v == null ? "" : v, Rollup.EMPTY).costNanos()));
        assertThat(report.grewMost().size() + report.fellMost().size()).isPositive();
    }

    @Test
    void aRangeRolledUpBeforeCombinationsExistedIsRefusedNotAnsweredShort() {
        KeyValueStore<String, Rollup> store = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        long day = Granularity.DAY.bucketOf(Instant.parse("2026-10-27T00:00:00Z"));
        // What state written by the previous version looks like: the total without the combinations.
        String marker = RollupKeys.key(WS, Granularity.DAY, RollupKeys.COMBINATION_TOTAL, day, "");
        Rollup kept = store.delete(marker);
        try {
            refusedBeforeAndAnsweredAfter();
        } finally {
            store.put(marker, kept);
        }
    }

    private void refusedBeforeAndAnsweredAfter() {
        Map<Dimension, String> filters = Map.of(Dimension.TENANT, "acme", Dimension.MODEL, "gpt-4.1-mini");
        assertThatThrownBy(() -> queries.spendBy(new SpendQuery(
                        WS, UsageKind.PRODUCT, Dimension.USER, null, FROM, TO, filters, 100, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2026-10-27T00:00:00Z");
        // A range after it is answered, and so is anything a rollup or pair answers.
        assertThat(queries.spendBy(new SpendQuery(
                                WS,
                                UsageKind.PRODUCT,
                                Dimension.USER,
                                null,
                                Instant.parse("2026-10-28T00:00:00Z"),
                                TO,
                                filters,
                                100,
                                null,
                                null))
                        .totals()
                        .calls())
                .isPositive();
        assertThat(queries.spendBy(new SpendQuery(
                                WS,
                                UsageKind.PRODUCT,
                                Dimension.FEATURE,
                                FROM,
                                TO,
                                Map.of(Dimension.TENANT, "acme"),
                                100))
                        .totals()
                        .calls())
                .isPositive();
    }

    private <T> int checkEveryPair(
            UsageKind usage,
            List<Dimension> dimensions,
            BiFunction<T, Dimension, String> valueOf,
            Function<T, Rollup> rollupOf,
            List<T> inputs) {
        Random random = new Random(7);
        int checked = 0;
        for (int a = 0; a < dimensions.size(); a++) {
            for (int b = a + 1; b < dimensions.size(); b++) {
                Dimension da = dimensions.get(a);
                Dimension db = dimensions.get(b);
                // Values of one real input, so that the filters match something.
                List<T> both = inputs.stream()
                        .filter(i -> valueOf.apply(i, da) != null && valueOf.apply(i, db) != null)
                        .toList();
                T sample = both.get(random.nextInt(both.size()));
                Map<Dimension, String> filters = new EnumMap<>(Dimension.class);
                filters.put(da, valueOf.apply(sample, da));
                filters.put(db, valueOf.apply(sample, db));
                for (Dimension by : dimensions) {
                    SpendReport report = queries.spendBy(new SpendQuery(WS, usage, by, FROM, TO, filters, 1000));
                    Map<String, Rollup> expected =
                            bruteForce(inputs, report, filters, valueOf, rollupOf, i -> valueOf.apply(i, by));
                    assertMatches(report, expected, filters + " by " + by);
                    checked++;
                }
                for (TimeGrain grain : TimeGrain.values()) {
                    // Hours are kept 8 days: by hour reads the range's last 7 days of it.
                    Instant from = grain == TimeGrain.HOUR ? NOW.minus(java.time.Duration.ofDays(7)) : FROM;
                    SpendReport report = queries.spendBy(
                            new SpendQuery(WS, usage, null, grain, from, TO, filters, 1000, null, null));
                    Map<String, Rollup> expected =
                            bruteForce(inputs, report, filters, valueOf, rollupOf, i -> grain.labelOf(timeOf(i)));
                    // Periods without spend are listed as zero rows; the brute force has no such rows.
                    assertMatches(withoutEmptyRows(report), expected, filters + " by " + grain);
                    checked++;
                }
            }
        }
        return checked;
    }

    private <T> Map<String, Rollup> bruteForce(
            List<T> inputs,
            SpendReport report,
            Map<Dimension, String> filters,
            BiFunction<T, Dimension, String> valueOf,
            Function<T, Rollup> rollupOf,
            Function<T, String> groupOf) {
        Map<String, Rollup> expected = new HashMap<>();
        for (T input : inputs) {
            Instant ts = timeOf(input);
            if (ts.isBefore(report.from()) || !ts.isBefore(report.to())) {
                continue;
            }
            boolean matches =
                    filters.entrySet().stream().allMatch(f -> f.getValue().equals(valueOf.apply(input, f.getKey())));
            if (matches) {
                String group = groupOf.apply(input);
                expected.merge(group == null ? "" : group, rollupOf.apply(input), Rollup::plus);
            }
        }
        return expected;
    }

    private static void assertMatches(SpendReport report, Map<String, Rollup> expected, String what) {
        Map<String, String> actual = new HashMap<>();
        for (SpendRow row : report.rows()) {
            actual.put(
                    row.value() == null ? "" : row.value(),
                    row.measures().costUsd().toPlainString() + "/"
                            + row.measures().calls());
        }
        Map<String, String> wanted = new HashMap<>();
        expected.forEach((k, r) -> wanted.put(k, r.toMeasures().costUsd().toPlainString() + "/" + r.calls()));
        assertThat(actual).as(what).isEqualTo(wanted);
        long calls = expected.values().stream().mapToLong(Rollup::calls).sum();
        assertThat(report.totals().calls()).as(what).isEqualTo(calls);
    }

    private static SpendReport withoutEmptyRows(SpendReport r) {
        return new SpendReport(
                r.workspaceId(),
                r.usage(),
                r.by(),
                r.from(),
                r.to(),
                r.filters(),
                r.limit(),
                r.distinctValues(),
                r.rows().stream().filter(row -> row.measures().calls() > 0).toList(),
                r.others(),
                r.totals());
    }

    private static Instant timeOf(Object input) {
        return input instanceof AcceptedEvent e
                ? e.event().ts()
                : ((AcceptedUsageRow) input).row().ts();
    }

    private static final ProductRollupSpec PRODUCT_SPEC =
            new ProductRollupSpec(dev.spendline.streams.pricing.PriceBook.bundled());

    private String productValue(AcceptedEvent e, Dimension d) {
        return PRODUCT_SPEC.valueOf(e, d);
    }

    private Rollup productRollup(AcceptedEvent e) {
        return PRODUCT_SPEC.delta(e);
    }

    private String internalValue(AcceptedUsageRow r, Dimension d) {
        InternalUsageRow row = r.row();
        return switch (d) {
            case EMPLOYEE -> row.employeeEmail();
            case TEAM -> row.teamName();
            case INTERNAL_TOOL -> row.tool();
            case CATEGORY -> row.category();
            case INTERNAL_PROVIDER -> row.provider();
            case INTERNAL_MODEL -> row.model();
            case SOURCE -> row.sourceKey();
            default -> throw new IllegalArgumentException(d.name());
        };
    }

    private Rollup internalRollup(AcceptedUsageRow r) {
        InternalUsageRow row = r.row();
        return new Rollup(
                ProductRollupSpec.toNanos(row.costUsd()),
                1,
                row.inputTokens(),
                row.outputTokens(),
                row.cachedInputTokens(),
                0,
                0,
                0,
                0,
                0);
    }

    private static String pick(Random random, String... values) {
        return values[random.nextInt(values.length)];
    }

    private static String pickOrNull(Random random, String... values) {
        int i = random.nextInt(values.length + 1);
        return i == values.length ? null : values[i];
    }
}
