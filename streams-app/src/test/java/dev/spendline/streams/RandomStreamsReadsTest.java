package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.streams.legacy.LegacyRollupFold;
import dev.spendline.streams.margin.LocalMarginQueries;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.spend.LocalCompareQueries;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.util.FileSystemUtils;

/**
 * The safety net for changes to how rollups are stored (issue #29): random event streams are
 * folded through the production topology, and every read is compared, exactly, with a brute-force
 * answer from the raw events ({@link ReferenceAnswers}). The reference knows nothing of keys,
 * pairs, combinations or monthly buckets, so it stays valid whatever the storage becomes.
 *
 * <p>Cost: the driver commits after every record, and the topology does much per record, so a
 * record costs about 6 ms and a read about 3 ms here (2 shared cores). {@code ./mvnw test} runs
 * {@value #QUICK_SEEDS} seeds of 200 to {@value #QUICK_MAX_EVENTS} events, each read of the query
 * set below with probability {@value #QUICK_SHARE} (under a minute); {@code
 * -Dspendline.random-streams.seeds=N} adds seeds 1000 to 1000+N-1 of 200 to 1,500 events with
 * every read of the set (about 10 s a seed).
 */
class RandomStreamsReadsTest {

    private static final List<Dimension> PRODUCT = List.of(
            Dimension.PROVIDER,
            Dimension.MODEL,
            Dimension.FEATURE,
            Dimension.TENANT,
            Dimension.USER,
            Dimension.AGENT,
            Dimension.WORKFLOW,
            Dimension.TOOL,
            Dimension.STATUS,
            Dimension.OUTCOME);

    /** A value no generated event has (multi-byte, so a prefix scan cannot mistake it). */
    private static final String UNSEEN = "never-sent-✓";

    static final int QUICK_SEEDS = 20;
    static final int QUICK_MAX_EVENTS = 500;
    static final double QUICK_SHARE = 0.25;
    /** Seeds from here on are the thorough ones. */
    private static final long THOROUGH = 1000;

    static LongStream seeds() {
        long extra = Long.getLong("spendline.random-streams.seeds", 0);
        return LongStream.concat(LongStream.rangeClosed(1, QUICK_SEEDS), LongStream.range(THOROUGH, THOROUGH + extra));
    }

    /** The ranges a query covers: the read path splits each differently. */
    enum RangeKind {
        ALIGNED_DAYS,
        HOURS_INSIDE_HORIZON,
        HOURS_REACHING_OUTSIDE,
        ACROSS_A_MONTH,
        WHOLE_MONTHS
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyReadEqualsTheBruteForceAnswer(long seed) throws IOException {
        boolean thorough = seed >= THOROUGH;
        RandomEventStreams.Stream stream =
                thorough ? RandomEventStreams.generate(seed) : RandomEventStreams.generate(seed, QUICK_MAX_EVENTS);
        double share = thorough ? 1.0 : QUICK_SHARE;
        ReferenceAnswers reference =
                new ReferenceAnswers(stream.now(), stream.events(), RandomEventStreams.DEDUPE_HORIZON);
        String stateDir = TopologyDrivers.freshStateDir();
        try (TopologyTestDriver driver = TopologyDrivers.start("random-streams-" + seed, stream.now(), stateDir)) {
            var input = TopologyDrivers.input(driver, Topics.EVENTS);
            for (AcceptedEvent e : stream.events()) {
                input.pipeInput(e.workspaceId(), e, e.receivedAt());
            }
            Checks checks = compareReads(seed, stream, reference, driver, share);
            // The stream reached what it is for: resends dropped, and a good share of reads not empty.
            assertThat(reference.duplicates()).as("seed %d: resends", seed).isPositive();
            assertThat(checks.nonEmpty).as("seed %d: reads with spend", seed).isGreaterThan(checks.compared / 4);
        } finally {
            // In memory (/dev/shm): the driver empties it on close, the directory itself is ours.
            FileSystemUtils.deleteRecursively(Path.of(stateDir));
        }
    }

    /** Every read of the query set (a share of it), budgets and margins, against the reference. */
    private static Checks compareReads(
            long seed,
            RandomEventStreams.Stream stream,
            ReferenceAnswers reference,
            TopologyTestDriver driver,
            double share) {
        LocalSpendQueries queries =
                new LocalSpendQueries(TopologyDrivers.rollups(driver), Clock.fixed(stream.now(), ZoneOffset.UTC));
        LocalCompareQueries comparisons =
                new LocalCompareQueries(new QueryHandlers().on(QueryType.SPEND_BY, queries::spendBy));
        Checks checks = new Checks(seed);
        Random random = new Random(seed * 31 + 7);
        for (Map<Dimension, String> filters : filterSets(random, reference.counted())) {
            for (Dimension by : PRODUCT) {
                SpendQuery q = query(random, stream, by, null, filters);
                if (random.nextDouble() < share) {
                    checks.spendBy(reference, queries, q);
                }
            }
            for (TimeGrain grain : TimeGrain.values()) {
                SpendQuery q = query(random, stream, null, grain, filters);
                if (random.nextDouble() < share) {
                    checks.spendBy(reference, queries, q);
                }
            }
            // Two groupings: a random dimension per a random period (limit at most 50 with per).
            SpendQuery one = query(random, stream, PRODUCT.get(random.nextInt(PRODUCT.size())), null, filters);
            TimeGrain per = TimeGrain.values()[random.nextInt(TimeGrain.values().length)];
            SpendQuery perPeriod = new SpendQuery(
                    one.workspaceId(),
                    one.usage(),
                    one.by(),
                    null,
                    one.from(),
                    one.to(),
                    one.filters(),
                    Math.min(one.limit(), SpendQuery.MAX_PER_LIMIT),
                    one.metric(),
                    one.order(),
                    one.exclusions(),
                    per);
            if (random.nextDouble() < share) {
                checks.spendBy(reference, queries, perPeriod);
                checks.perPeriod++;
            }
            CompareQuery c = comparison(random, stream, filters);
            if (random.nextDouble() < share) {
                checks.compare(reference, comparisons, c);
            }
        }
        assertThat(checks.perPeriod).as("seed %d: reads per period", seed).isPositive();
        // The comparisons reached what they are for: some left values out of periods with spend.
        assertThat(checks.comparedExcluding)
                .as("seed %d: comparisons with exclusions and spend", seed)
                .isPositive();
        checkBudgets(driver, stream, reference, checks, random);
        checkMargins(driver, stream, reference, checks, random);
        checks.assertNoneDiffer();
        return checks;
    }

    /**
     * An upgrade in place (issue #29): the first part of a random stream is folded into the
     * product rollups store by the code of the layout before it ({@link LegacyRollupFold}: pairs
     * by hour and day, a combination key per call), the rest goes through this topology (blocks,
     * fewer keys) into the same store; every read must still equal the brute force over all of it.
     * Identities of the first part are not sent again in the second (the earlier version's dedupe
     * state is not part of this test), so the reference is built over exactly what was counted.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("upgradeSeeds")
    void readsAreExactAcrossAnUpgradeInPlace(long seed) throws IOException {
        RandomEventStreams.Stream stream = RandomEventStreams.generate(seed, QUICK_MAX_EVENTS);
        Random split = new Random(seed ^ 0x5EED);
        int firstPart = stream.events().size() / 4
                + split.nextInt(Math.max(1, stream.events().size() / 2));
        Set<String> seen = new HashSet<>();
        List<AcceptedEvent> before = new ArrayList<>();
        List<AcceptedEvent> after = new ArrayList<>();
        for (int i = 0; i < stream.events().size(); i++) {
            AcceptedEvent e = stream.events().get(i);
            String identity = e.event().hasIdentity()
                    ? SpendlineTopology.identity(
                            e.workspaceId(), e.event().source(), e.event().externalId())
                    : null;
            if (i < firstPart) {
                if (identity == null || seen.add(identity)) {
                    before.add(e);
                }
            } else if (identity == null || !seen.contains(identity)) {
                after.add(e);
            }
        }
        List<AcceptedEvent> counted = new ArrayList<>(before);
        counted.addAll(after);
        ReferenceAnswers reference = new ReferenceAnswers(stream.now(), counted, RandomEventStreams.DEDUPE_HORIZON);
        String stateDir = TopologyDrivers.freshStateDir();
        try (TopologyTestDriver driver = TopologyDrivers.start("upgrade-in-place-" + seed, stream.now(), stateDir)) {
            KeyValueStore<String, Rollup> rollups = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
            before.forEach(e -> LegacyRollupFold.fold(rollups, e));
            var input = TopologyDrivers.input(driver, Topics.EVENTS);
            for (AcceptedEvent e : after) {
                input.pipeInput(e.workspaceId(), e, e.receivedAt());
            }
            Checks checks = compareReads(seed, stream, reference, driver, QUICK_SHARE);
            checks.assertNoneDiffer();
            assertThat(before).as("seed %d: events of the earlier layout", seed).isNotEmpty();
            assertThat(checks.nonEmpty).as("seed %d: reads with spend", seed).isGreaterThan(checks.compared / 4);
        } finally {
            FileSystemUtils.deleteRecursively(Path.of(stateDir));
        }
    }

    static LongStream upgradeSeeds() {
        return LongStream.rangeClosed(101, 106);
    }

    /**
     * Budgets of every scope and period per workspace (values the stream has, and one it never
     * has), read at now, at a ragged instant inside the hourly horizon, and at the start of the hour
     * of now: {@code budget_status} must equal the brute force at each, unfiltered and filtered by
     * scope and value.
     */
    private static void checkBudgets(
            TopologyTestDriver driver,
            RandomEventStreams.Stream stream,
            ReferenceAnswers reference,
            Checks checks,
            Random random) {
        var input = TopologyDrivers.input(driver, Topics.BUDGETS);
        List<Budget> budgets = new ArrayList<>();
        for (String ws : stream.workspaces()) {
            List<AcceptedEvent> own = reference.counted().stream()
                    .filter(e -> e.workspaceId().equals(ws))
                    .toList();
            int n = 0;
            for (BudgetScope scope : BudgetScope.values()) {
                for (BudgetPeriod period : BudgetPeriod.values()) {
                    String value = null;
                    if (scope.needsValue()) {
                        List<AcceptedEvent> with = withValues(own, List.of(scope.dimension()));
                        value = with.isEmpty() || random.nextInt(8) == 0
                                ? UNSEEN
                                : ReferenceAnswers.valueOf(pick(random, with).event(), scope.dimension());
                    }
                    // Limits from a cent to 20,000 USD, so that every state occurs.
                    BigDecimal limit = BigDecimal.valueOf(1 + random.nextInt(2_000_000), 2);
                    Budget budget = new Budget(
                            Budget.SCHEMA_VERSION,
                            ws,
                            "b" + n++,
                            scope.name().toLowerCase(java.util.Locale.ROOT) + " "
                                    + period.name().toLowerCase(java.util.Locale.ROOT),
                            scope,
                            value,
                            period,
                            limit,
                            stream.now().minus(Duration.ofDays(90)),
                            "key_random");
                    budgets.add(budget);
                    input.pipeInput(budget.key(), budget, stream.now());
                }
            }
        }
        LocalBudgetQueries queries = new LocalBudgetQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.BUDGETS),
                Clock.fixed(stream.now(), ZoneOffset.UTC));
        Instant now = stream.now();
        // Within the hourly horizon, and older: an asOf older than 8 days is read to the end of its day.
        List<Instant> asOfs = List.of(
                now,
                now.truncatedTo(ChronoUnit.HOURS),
                now.minus(Duration.ofMinutes(1 + random.nextInt(6 * 24 * 60))),
                now.minus(Duration.ofDays(9)).minus(Duration.ofMinutes(random.nextInt(20 * 24 * 60))));
        for (String ws : stream.workspaces()) {
            for (Instant asOf : asOfs) {
                checks.budgetStatus(reference, queries, budgets, BudgetStatusQuery.all(ws, asOf));
                Budget one = pick(
                        random,
                        budgets.stream().filter(b -> b.workspaceId().equals(ws)).toList());
                checks.budgetStatus(
                        reference,
                        queries,
                        budgets,
                        new BudgetStatusQuery(ws, asOf, one.scope(), one.scopeValue(), null, null));
            }
        }
    }

    /**
     * Revenue for some seen customers in some of the last four months (and for one customer with no
     * usage), entered twice for some (the latest row counts); {@code margin_by_customer} over one to
     * three whole months, unfiltered and for one customer (seen and unseen), limits 3 and 50, must
     * equal the brute force. ASSUMPTION (not checked): the feature filter, whose revenue allocation
     * over features (docs/margin.md) the reference does not re-implement.
     */
    private static void checkMargins(
            TopologyTestDriver driver,
            RandomEventStreams.Stream stream,
            ReferenceAnswers reference,
            Checks checks,
            Random random) {
        var input = TopologyDrivers.input(driver, Topics.REVENUE);
        YearMonth current = YearMonth.from(stream.now().atZone(ZoneOffset.UTC));
        List<RevenueRow> rows = new ArrayList<>();
        for (String ws : stream.workspaces()) {
            List<String> tenants = new ArrayList<>(reference.counted().stream()
                    .filter(e -> e.workspaceId().equals(ws) && e.event().tenantId() != null)
                    .map(e -> e.event().tenantId())
                    .distinct()
                    .sorted()
                    .toList());
            tenants.add("paying-but-idle");
            for (String tenant : tenants) {
                for (int m = 0; m < 4; m++) {
                    if (random.nextInt(3) == 0) {
                        continue;
                    }
                    for (int times = 1 + random.nextInt(2); times > 0; times--) {
                        RevenueRow row = RevenueRow.of(
                                ws,
                                tenant,
                                current.minusMonths(m),
                                BigDecimal.valueOf(random.nextInt(500_000), 2),
                                stream.now(),
                                "random");
                        rows.add(row);
                        input.pipeInput(RevenueRow.key(ws, tenant, current.minusMonths(m)), row, stream.now());
                    }
                }
            }
        }
        LocalMarginQueries queries = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE));
        for (String ws : stream.workspaces()) {
            List<AcceptedEvent> withTenant = withValues(
                    reference.counted().stream()
                            .filter(e -> e.workspaceId().equals(ws))
                            .toList(),
                    List.of(Dimension.TENANT));
            for (int[] months : new int[][] {{2, 0}, {1, 1}, {0, 0}, {3, 1}}) {
                YearMonth from = current.minusMonths(months[0]);
                YearMonth to = current.minusMonths(months[1]);
                int limit = random.nextBoolean() ? 3 : 50;
                checks.marginByCustomer(reference, queries, rows, new MarginQuery(ws, from, to, limit, null, null));
                String tenant = withTenant.isEmpty() || random.nextInt(4) == 0
                        ? UNSEEN
                        : pick(random, withTenant).event().tenantId();
                checks.marginByCustomer(reference, queries, rows, new MarginQuery(ws, from, to, limit, tenant, null));
            }
        }
    }

    /**
     * Found by this test's reference (issue #29): {@code budget_status} at an instant older than
     * the hourly horizon missed an event of that day received more than 8 days after it (it read
     * the partial day from hourly buckets, planned with {@code asOf} as "now", which such an event
     * never updates and which are deleted a day after leaving the horizon): 0.00 where 5.00 was
     * spent. The read now plans with the clock's now and reads such a day whole.
     */
    @Test
    void budgetStatusAtAPastInstantCountsLateEvents() throws IOException {
        Instant now = Instant.parse("2026-11-26T09:59:59Z");
        String stateDir = TopologyDrivers.freshStateDir();
        try (TopologyTestDriver driver = TopologyDrivers.start("random-streams-late-budget", now, stateDir)) {
            Instant ts = Instant.parse("2026-11-06T03:10:00Z");
            ProductEvent e = new ProductEvent(
                    "openai",
                    "gpt-4.1",
                    1,
                    1,
                    new BigDecimal("5"),
                    "src",
                    "late-1",
                    ts,
                    null,
                    null,
                    null,
                    null,
                    ProductEvent.STATUS_SUCCESS,
                    "search",
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null);
            // Received 20 days after it happened: a backfill.
            AcceptedEvent late = AcceptedEvent.of("ws_late", now.minus(Duration.ofHours(1)), e);
            TopologyDrivers.input(driver, Topics.EVENTS).pipeInput(late.workspaceId(), late, late.receivedAt());
            Budget daily = new Budget(
                    Budget.SCHEMA_VERSION,
                    "ws_late",
                    "b1",
                    "daily",
                    BudgetScope.WORKSPACE,
                    null,
                    BudgetPeriod.DAILY,
                    new BigDecimal("100"),
                    ts.minus(Duration.ofDays(30)),
                    "key_random");
            TopologyDrivers.input(driver, Topics.BUDGETS).pipeInput(daily.key(), daily, now);
            LocalBudgetQueries queries = new LocalBudgetQueries(
                    TopologyDrivers.rollups(driver),
                    ws -> driver.getKeyValueStore(StoreNames.BUDGETS),
                    Clock.fixed(now, ZoneOffset.UTC));
            BudgetStatusQuery q = BudgetStatusQuery.all("ws_late", Instant.parse("2026-11-06T12:00:00Z"));
            BudgetStatusReport expected = new ReferenceAnswers(now, List.of(late), RandomEventStreams.DEDUPE_HORIZON)
                    .budgetStatus(q, List.of(daily));
            assertThat(expected.budgets().get(0).spentUsd()).isEqualByComparingTo("5");
            assertThat(queries.budgetStatus(q)).isEqualTo(expected);
        } finally {
            FileSystemUtils.deleteRecursively(Path.of(stateDir));
        }
    }

    /**
     * No filter; each dimension alone with a value it has and one it never has; every pair of
     * dimensions with the values of one event that has both; twenty triples, most of one event.
     */
    private static List<Map<Dimension, String>> filterSets(Random random, List<AcceptedEvent> events) {
        List<Map<Dimension, String>> sets = new ArrayList<>();
        sets.add(Map.of());
        for (Dimension d : PRODUCT) {
            List<AcceptedEvent> with = withValues(events, List.of(d));
            sets.add(Map.of(d, ReferenceAnswers.valueOf(pick(random, with).event(), d)));
            sets.add(Map.of(d, UNSEEN));
        }
        for (int a = 0; a < PRODUCT.size(); a++) {
            for (int b = a + 1; b < PRODUCT.size(); b++) {
                List<Dimension> pair = List.of(PRODUCT.get(a), PRODUCT.get(b));
                List<AcceptedEvent> with = withValues(events, pair);
                if (!with.isEmpty()) {
                    sets.add(filtersOf(pick(random, with), pair));
                }
            }
        }
        for (int i = 0; i < 20; i++) {
            List<Dimension> dims = new ArrayList<>(PRODUCT);
            java.util.Collections.shuffle(dims, random);
            List<Dimension> triple = dims.subList(0, 3);
            List<AcceptedEvent> with = withValues(events, triple);
            if (with.isEmpty()) {
                continue;
            }
            Map<Dimension, String> filters = filtersOf(pick(random, with), triple);
            if (i % 4 == 3) {
                // Values of another event: often a combination that never happened.
                Dimension last = triple.get(2);
                filters.put(last, ReferenceAnswers.valueOf(pick(random, with).event(), last));
            }
            sets.add(filters);
        }
        return sets;
    }

    private static List<AcceptedEvent> withValues(List<AcceptedEvent> events, List<Dimension> dims) {
        return events.stream()
                .filter(e -> dims.stream().allMatch(d -> ReferenceAnswers.valueOf(e.event(), d) != null))
                .toList();
    }

    private static Map<Dimension, String> filtersOf(AcceptedEvent e, List<Dimension> dims) {
        Map<Dimension, String> filters = new EnumMap<>(Dimension.class);
        dims.forEach(d -> filters.put(d, ReferenceAnswers.valueOf(e.event(), d)));
        return filters;
    }

    /** One query: a random workspace, range kind, limit (3 or 100), and for some a metric and order. */
    private static SpendQuery query(
            Random random,
            RandomEventStreams.Stream stream,
            Dimension by,
            TimeGrain grain,
            Map<Dimension, String> filters) {
        String ws = pick(random, stream.workspaces());
        RangeKind kind = RangeKind.values()[random.nextInt(RangeKind.values().length)];
        Instant[] range = range(random, stream.now(), kind);
        int limit = random.nextBoolean() ? 3 : 100;
        SpendMetric metric = null;
        SpendOrder order = null;
        if (random.nextInt(3) == 0) {
            metric = grain == null ? SpendMetric.values()[random.nextInt(SpendMetric.values().length)] : null;
            order = random.nextBoolean() ? SpendOrder.ASC : SpendOrder.DESC;
        }
        return new SpendQuery(
                ws,
                UsageKind.PRODUCT,
                by,
                grain,
                range[0],
                range[1],
                filters,
                limit,
                metric,
                order,
                exclusions(random, stream.events(), by));
    }

    /**
     * A spend comparison of the same filters: by a random dimension or none (totals), a random
     * metric for some, the current period a random range and the base the one of the same length
     * before it (as {@code compare} defaults), and for most one to three values excluded.
     */
    private static CompareQuery comparison(
            Random random, RandomEventStreams.Stream stream, Map<Dimension, String> filters) {
        String ws = pick(random, stream.workspaces());
        Dimension by = random.nextInt(5) == 0 ? null : pick(random, PRODUCT);
        Instant[] current = range(random, stream.now(), RangeKind.values()[random.nextInt(RangeKind.values().length)]);
        Instant[] base = {current[0].minus(Duration.between(current[0], current[1])), current[0]};
        SpendMetric metric =
                random.nextInt(3) == 0 ? SpendMetric.values()[random.nextInt(SpendMetric.values().length)] : null;
        TimeGrain grain = by == null ? TimeGrain.MONTH : null;
        return new CompareQuery(
                ws,
                CompareSubject.SPEND,
                new SpendQuery(
                        ws,
                        UsageKind.PRODUCT,
                        by,
                        grain,
                        current[0],
                        current[1],
                        filters,
                        SpendQuery.MAX_LIMIT,
                        metric,
                        null),
                new SpendQuery(
                        ws,
                        UsageKind.PRODUCT,
                        by,
                        grain,
                        base[0],
                        base[1],
                        filters,
                        SpendQuery.MAX_LIMIT,
                        metric,
                        null),
                null,
                null,
                random.nextBoolean() ? 3 : 100,
                random.nextInt(4) == 0 ? Map.of() : someExclusions(random, stream.events(), by));
    }

    /** For a third of the queries, {@link #someExclusions}. */
    private static Map<Dimension, java.util.Set<String>> exclusions(
            Random random, List<AcceptedEvent> events, Dimension by) {
        return random.nextInt(3) != 0 ? Map.of() : someExclusions(random, events, by);
    }

    /**
     * One to three values excluded on one or two dimensions (the by dimension among them now and
     * then), taken from the stream so that they match calls.
     */
    private static Map<Dimension, java.util.Set<String>> someExclusions(
            Random random, List<AcceptedEvent> events, Dimension by) {
        if (events.isEmpty()) {
            return Map.of();
        }
        Map<Dimension, java.util.Set<String>> exclusions = new EnumMap<>(Dimension.class);
        int dims = 1 + random.nextInt(2);
        for (int i = 0; i < dims; i++) {
            Dimension d = by != null && random.nextInt(4) == 0 ? by : pick(random, PRODUCT);
            int values = 1 + random.nextInt(2);
            for (int k = 0; k < values; k++) {
                String v = ReferenceAnswers.valueOf(pick(random, events).event(), d);
                if (v != null && !v.isEmpty()) {
                    exclusions
                            .computeIfAbsent(d, x -> new java.util.TreeSet<>())
                            .add(v);
                }
            }
        }
        return exclusions;
    }

    static Instant[] range(Random random, Instant now, RangeKind kind) {
        Instant today = now.truncatedTo(ChronoUnit.DAYS);
        Instant firstKept = now.minus(Duration.ofDays(8)).truncatedTo(ChronoUnit.HOURS);
        Instant thisMonth = LocalDate.ofInstant(now, ZoneOffset.UTC)
                .withDayOfMonth(1)
                .atStartOfDay(ZoneOffset.UTC)
                .toInstant();
        Instant from;
        Instant to;
        switch (kind) {
            case ALIGNED_DAYS -> {
                from = today.minus(Duration.ofDays(2 + random.nextInt(40)));
                to = from.plus(Duration.ofDays(1 + random.nextInt(25)));
            }
            case HOURS_INSIDE_HORIZON -> {
                from = firstKept.plus(Duration.ofMinutes(60 + random.nextInt(7 * 24 * 60)));
                to = from.plus(Duration.ofMinutes(1 + random.nextInt(3 * 24 * 60)));
            }
            case HOURS_REACHING_OUTSIDE -> {
                from = firstKept.minus(Duration.ofMinutes(1 + random.nextInt(25 * 24 * 60)));
                to = now.minus(Duration.ofMinutes(random.nextInt(3 * 24 * 60)))
                        .plus(Duration.ofMinutes(random.nextInt(22 * 60)));
            }
            case ACROSS_A_MONTH -> {
                Instant monthStart = thisMonth
                        .atZone(ZoneOffset.UTC)
                        .minusMonths(random.nextInt(2))
                        .toInstant();
                from = monthStart.minus(Duration.ofMinutes(1 + random.nextInt(20 * 24 * 60)));
                to = random.nextBoolean()
                        ? monthStart.plus(Duration.ofMinutes(1 + random.nextInt(10 * 24 * 60)))
                        : now.plus(Duration.ofMinutes(random.nextInt(20 * 60)));
            }
            case WHOLE_MONTHS -> {
                from = thisMonth
                        .atZone(ZoneOffset.UTC)
                        .minusMonths(1 + random.nextInt(2))
                        .toInstant();
                to = switch (random.nextInt(3)) {
                    case 0 -> thisMonth;
                    case 1 -> now.plus(Duration.ofMinutes(random.nextInt(20 * 60)));
                    default -> thisMonth.atZone(ZoneOffset.UTC).plusMonths(1).toInstant();};
            }
            default -> throw new IllegalStateException(kind.name());
        }
        if (!to.isAfter(from)) {
            to = from.plus(Duration.ofHours(1));
        }
        return new Instant[] {from, to};
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Compares reads and collects every difference, so that a failure shows all of them with their seed. */
    static final class Checks {
        private final long seed;
        private final List<String> differences = new ArrayList<>();
        int compared;
        int nonEmpty;
        /** Comparisons that left values out and had spend in a period. */
        int comparedExcluding;

        int perPeriod;

        Checks(long seed) {
            this.seed = seed;
        }

        void spendBy(ReferenceAnswers reference, LocalSpendQueries queries, SpendQuery q) {
            SpendReport expected = read(q, reference::spendBy, queries::spendBy);
            if (expected != null && expected.totals().calls() > 0) {
                nonEmpty++;
            }
        }

        void compare(ReferenceAnswers reference, LocalCompareQueries queries, CompareQuery q) {
            CompareReport expected = read(q, reference::compare, queries::compare);
            if (expected != null
                    && (spent(expected.totals().current())
                            || spent(expected.totals().base()))) {
                nonEmpty++;
                if (!q.exclusions().isEmpty()) {
                    comparedExcluding++;
                }
            }
        }

        private static boolean spent(BigDecimal figure) {
            return figure != null && figure.signum() != 0;
        }

        /**
         * The product's answer to {@code q} against the reference's; a query the reference refuses
         * (an invalid one, e.g. an excluded value that is also the filter) the product must refuse
         * with the same words. The reference's answer; null when it refused.
         */
        private <Q, A> A read(
                Q q, java.util.function.Function<Q, A> reference, java.util.function.Function<Q, A> product) {
            compared++;
            A expected;
            try {
                expected = reference.apply(q);
            } catch (IllegalArgumentException refusal) {
                try {
                    differ(q, "refusal " + refusal.getMessage(), product.apply(q));
                } catch (IllegalArgumentException e) {
                    if (!e.getMessage().equals(refusal.getMessage())) {
                        differ(q, "refusal " + refusal.getMessage(), "refusal " + e.getMessage());
                    }
                }
                return null;
            }
            try {
                A actual = product.apply(q);
                if (!actual.equals(expected)) {
                    differ(q, expected, actual);
                }
            } catch (RuntimeException e) {
                differ(q, expected, "refusal " + e);
            }
            return expected;
        }

        void budgetStatus(
                ReferenceAnswers reference, LocalBudgetQueries queries, List<Budget> budgets, BudgetStatusQuery q) {
            compared++;
            BudgetStatusReport expected = reference.budgetStatus(q, budgets);
            try {
                BudgetStatusReport actual = queries.budgetStatus(q);
                if (!actual.equals(expected)) {
                    differ(q, expected, actual);
                }
            } catch (RuntimeException e) {
                differ(q, expected, "refusal " + e);
            }
        }

        void marginByCustomer(
                ReferenceAnswers reference, LocalMarginQueries queries, List<RevenueRow> revenue, MarginQuery q) {
            compared++;
            CustomerMarginReport expected = reference.marginByCustomer(q, revenue);
            if (expected.totals().costUsd().signum() > 0) {
                nonEmpty++;
            }
            try {
                CustomerMarginReport actual = queries.marginByCustomer(q);
                if (!actual.equals(expected)) {
                    differ(q, expected, actual);
                }
            } catch (RuntimeException e) {
                differ(q, expected, "refusal " + e);
            }
        }

        private void differ(Object q, Object expected, Object actual) {
            differences.add("seed " + seed + ", " + q + "\n  expected: " + expected + "\n  actual:   " + actual);
        }

        void assertNoneDiffer() {
            assertThat(differences)
                    .as(
                            "seed %d: %d of %d reads differ from the brute force; the first:\n%s",
                            seed,
                            differences.size(),
                            compared,
                            String.join("\n", differences.subList(0, Math.min(5, differences.size()))))
                    .isEmpty();
        }
    }
}
