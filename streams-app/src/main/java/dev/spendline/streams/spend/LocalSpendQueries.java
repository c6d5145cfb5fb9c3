package dev.spendline.streams.spend;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.query.CombinationScan;
import dev.spendline.streams.query.MonthFirstScan;
import dev.spendline.streams.query.RangePlan;
import dev.spendline.streams.query.RollupScan;
import dev.spendline.streams.query.RollupStoreLocator;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.HourlyHorizon;
import dev.spendline.streams.rollup.InternalRollupSpec;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.rollup.UnpricedSlots;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Answers {@link SpendQuery} from the rollup stores of this instance. Each time segment of the
 * {@link RangePlan} is one range scan over contiguous keys (see {@link RollupKeys}).
 */
public final class LocalSpendQueries {

    private final RollupStoreLocator stores;
    /** Codes of product usage that also have monthly buckets (with the workspace total). */
    private static final Set<String> PRODUCT_MONTHLY_CODES =
            ProductRollupSpec.MONTHLY.stream().map(Dimension::code).collect(Collectors.toUnmodifiableSet());

    /** "Now" for the hourly horizon: older edges of a range are read as whole days. */
    private final Clock clock;

    public LocalSpendQueries(RollupStoreLocator stores, Clock clock) {
        this.stores = stores;
        this.clock = clock;
    }

    public SpendReport spendBy(SpendQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        ReadOnlyKeyValueStore<String, Rollup> store = stores.rollups(q.usage(), q.workspaceId());
        RangePlan plan = RangePlan.of(q.from(), q.to(), clock.instant());
        if (q.per() != null) {
            return perPeriod(store, q, plan);
        }
        if (q.grain() == TimeGrain.HOUR) {
            plan = hourly(plan, "by=hour");
        }
        Map<String, Rollup> byValue = q.exclusions().isEmpty() ? rows(store, q, plan) : rowsWithout(store, q, plan);
        // Every call is rolled up under exactly one value of the grouping (the empty value when the
        // sender did not say), so the rows add up to the total. Summing them, rather than reading
        // the total's keys in a second scan, keeps rows and total from one read: a commit between
        // two scans could show a total without its rows.
        Rollup totals = byValue.values().stream().reduce(Rollup.EMPTY, Rollup::plus);

        boolean internal = q.usage() == UsageKind.INTERNAL;
        List<Ranked> sorted = new ArrayList<>(byValue.size());
        byValue.forEach((value, rollup) -> sorted.add(Ranked.of(value, rollup, q.metric(), internal)));
        sorted.sort(q.grain() != null ? inTimeOrder(q.order()) : ranking(q.order()));
        List<SpendRow> rows = new ArrayList<>();
        Rollup others = Rollup.EMPTY;
        for (int i = 0; i < sorted.size(); i++) {
            Ranked e = sorted.get(i);
            if (i < q.limit()) {
                // The empty value holds spend the sender did not attribute; it is shown as null.
                rows.add(new SpendRow(e.value().isEmpty() ? null : e.value(), e.measures(), e.metricValue()));
            } else {
                others = others.plus(e.rollup());
            }
        }
        return report(
                q,
                plan,
                sorted.size(),
                rows,
                others,
                totals,
                internal,
                internal ? unpriced(store, q, plan, totals, byValue) : null,
                null,
                null,
                null);
    }

    /** The report's envelope, shared by one grouping and two; {@code per} and its lists are null for one. */
    private static SpendReport report(
            SpendQuery q,
            RangePlan plan,
            int distinctValues,
            List<SpendRow> rows,
            Rollup others,
            Rollup totals,
            boolean internal,
            UnpricedUsage unpriced,
            String per,
            List<SpendRow> periodTotals,
            List<SpendRow> periodOthers) {
        Map<String, String> filters = new LinkedHashMap<>();
        q.filters().forEach((d, v) -> filters.put(d.wireName(), v));
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.byName(),
                plan.from(),
                plan.to(),
                filters,
                q.limit(),
                q.metric().wireName(),
                q.order().wireName(),
                distinctValues,
                rows,
                others.calls() == 0 ? Measures.ZERO : shown(others, internal),
                shown(totals, internal),
                q.excludedByName(),
                unpriced,
                per,
                periodTotals,
                periodOthers);
    }

    /**
     * Two groupings: by {@code q.by()} in each period of {@code q.per()}. Each period is read as a
     * report by the dimension over its part of the range (the same reads, so the same exactness,
     * filters and exclusions); the whole range's values are the sum of its periods, so the ranking,
     * the cells and the totals come from one set of reads and always add up. The top values each get
     * a row in every period, 0 where they had no spend: a chart of them never skips a period.
     */
    private SpendReport perPeriod(ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, RangePlan plan) {
        TimeGrain per = q.per();
        if (per == TimeGrain.HOUR) {
            plan = hourly(plan, "per=hour");
        }
        // Period label to its part of the covered range, oldest first.
        Map<String, Instant[]> periods = new LinkedHashMap<>();
        if (per == TimeGrain.HOUR) {
            RangePlan.Segment hours = plan.segments().get(0);
            for (long h = hours.fromBucket(); h < hours.toBucket(); h++) {
                Instant start = Granularity.HOUR.start(h);
                periods.put(per.labelOf(start), new Instant[] {start, Granularity.HOUR.start(h + 1)});
            }
        } else {
            LocalDate last = LocalDate.ofInstant(plan.to().minusMillis(1), ZoneOffset.UTC);
            for (LocalDate p = per.periodStart(LocalDate.ofInstant(plan.from(), ZoneOffset.UTC));
                    !p.isAfter(last);
                    p = per.next(p)) {
                Instant start = p.atStartOfDay(ZoneOffset.UTC).toInstant();
                Instant end = per.next(p).atStartOfDay(ZoneOffset.UTC).toInstant();
                periods.put(per.label(p), new Instant[] {
                    start.isBefore(plan.from()) ? plan.from() : start, end.isAfter(plan.to()) ? plan.to() : end
                });
            }
        }
        Map<String, Map<String, Rollup>> cells = new LinkedHashMap<>();
        Map<String, Rollup> byValue = new HashMap<>();
        for (Map.Entry<String, Instant[]> period : periods.entrySet()) {
            Instant[] part = period.getValue();
            SpendQuery column = q.forPeriod(part[0], part[1]);
            RangePlan partPlan = part[0].isBefore(part[1])
                    ? RangePlan.of(part[0], part[1], clock.instant())
                    : new RangePlan(part[0], part[1], List.of());
            Map<String, Rollup> values = partPlan.segments().isEmpty()
                    ? Map.of()
                    : column.exclusions().isEmpty()
                            ? rows(store, column, partPlan)
                            : rowsWithout(store, column, partPlan);
            cells.put(period.getKey(), values);
            values.forEach((value, r) -> byValue.merge(value, r, Rollup::plus));
        }
        Rollup totals = byValue.values().stream().reduce(Rollup.EMPTY, Rollup::plus);
        boolean internal = q.usage() == UsageKind.INTERNAL;
        List<Ranked> sorted = new ArrayList<>(byValue.size());
        byValue.forEach((value, rollup) -> sorted.add(Ranked.of(value, rollup, q.metric(), internal)));
        sorted.sort(ranking(q.order()));
        List<String> listed =
                sorted.stream().limit(q.limit()).map(Ranked::value).toList();
        Rollup others = sorted.stream().skip(q.limit()).map(Ranked::rollup).reduce(Rollup.EMPTY, Rollup::plus);
        List<SpendRow> rows = new ArrayList<>();
        for (String value : listed) {
            for (String period : periods.keySet()) {
                Rollup r = cells.get(period).getOrDefault(value, Rollup.EMPTY);
                Measures m = shown(r, internal);
                rows.add(new SpendRow(
                        value.isEmpty() ? null : value, m, q.metric().of(m), period));
            }
        }
        List<SpendRow> periodTotals = new ArrayList<>();
        List<SpendRow> periodOthers = new ArrayList<>();
        for (String period : periods.keySet()) {
            Rollup all = Rollup.EMPTY;
            Rollup rest = Rollup.EMPTY;
            for (Map.Entry<String, Rollup> cell : cells.get(period).entrySet()) {
                all = all.plus(cell.getValue());
                if (!listed.contains(cell.getKey())) {
                    rest = rest.plus(cell.getValue());
                }
            }
            Measures total = shown(all, internal);
            Measures rem = rest.calls() == 0 ? Measures.ZERO : shown(rest, internal);
            periodTotals.add(new SpendRow(period, total, q.metric().of(total), period));
            periodOthers.add(new SpendRow(period, rem, q.metric().of(rem), period));
        }
        return report(
                q,
                plan,
                sorted.size(),
                rows,
                others,
                totals,
                internal,
                internal ? unpriced(store, q.forPeriod(plan.from(), plan.to()), plan, totals, byValue) : null,
                per.wireName(),
                periodTotals,
                periodOthers);
    }

    /** Internal usage's rollups hold its unpriced part in slots its measures do not have ({@link UnpricedSlots}). */
    private static Measures shown(Rollup rollup, boolean internal) {
        return (internal ? UnpricedSlots.cleared(rollup) : rollup).toMeasures();
    }

    /**
     * The unpriced part of an internal-usage report: its sums are the totals' unpriced slots; its
     * models come from the rows when the report is by model, otherwise from one more read by model
     * with the same filters and exclusions, made only when something is unpriced (never in the
     * common case). When that read cannot be answered (combinations missing for an old range), the
     * sums are still exact and the models are left empty rather than failing the report.
     */
    private UnpricedUsage unpriced(
            ReadOnlyKeyValueStore<String, Rollup> store,
            SpendQuery q,
            RangePlan plan,
            Rollup totals,
            Map<String, Rollup> byValue) {
        if (UnpricedSlots.calls(totals) <= 0) {
            return UnpricedUsage.NONE;
        }
        Map<String, Rollup> byModel = byValue;
        if (q.by() != Dimension.INTERNAL_MODEL || q.grain() != null) {
            SpendQuery models = new SpendQuery(
                    q.workspaceId(),
                    q.usage(),
                    Dimension.INTERNAL_MODEL,
                    null,
                    q.from(),
                    q.to(),
                    q.filters(),
                    SpendQuery.MAX_LIMIT,
                    SpendMetric.COST,
                    SpendOrder.DESC,
                    q.exclusions());
            try {
                byModel = models.exclusions().isEmpty() ? rows(store, models, plan) : rowsWithout(store, models, plan);
            } catch (CombinationScan.IncompleteCombinations e) {
                byModel = Map.of();
            }
        }
        List<String> models = byModel.entrySet().stream()
                .filter(e -> UnpricedSlots.calls(e.getValue()) > 0)
                .sorted(Comparator.comparingLong((Map.Entry<String, Rollup> e) -> UnpricedSlots.calls(e.getValue()))
                        .reversed()
                        .thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getKey)
                .filter(model -> !model.isEmpty())
                .toList();
        return new UnpricedUsage(
                UnpricedSlots.calls(totals),
                UnpricedSlots.inputTokens(totals),
                UnpricedSlots.cachedInputTokens(totals),
                UnpricedSlots.outputTokens(totals),
                models);
    }

    private Map<String, Rollup> rows(ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, RangePlan plan) {
        return q.grain() != null ? series(store, q, plan) : grouped(store, q, plan);
    }

    /**
     * The rows without the excluded values. Values excluded on {@code by} are rows dropped. Values
     * excluded on other dimensions are subtracted: every measure is a sum, so spend without X is
     * spend minus spend of X, exact and answerable wherever the filtered read is (any range, data
     * of any version). Several dimensions by inclusion–exclusion: for each choice of at most one
     * excluded value per dimension, the read with those values as filters, added with the sign
     * (-1)^(values chosen). A choice that contradicts a filter reads nothing and is skipped.
     *
     * <p>Order: the subtracted reads first, the plain read last. Rollups only grow, so a commit
     * landing between two reads can add calls to the result but never make a row negative (for
     * exclusions on one dimension; with several, a row may be off by the calls of that commit).
     */
    private Map<String, Rollup> rowsWithout(ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, RangePlan plan) {
        List<Map.Entry<Dimension, List<String>>> subtracted = new ArrayList<>();
        q.exclusions().forEach((d, values) -> {
            if (d != q.by()) {
                subtracted.add(Map.entry(d, List.copyOf(new java.util.TreeSet<>(values))));
            }
        });
        List<Map<Dimension, String>> terms = new ArrayList<>();
        terms.add(Map.of());
        for (Map.Entry<Dimension, List<String>> e : subtracted) {
            List<Map<Dimension, String>> next = new ArrayList<>(terms);
            for (Map<Dimension, String> term : terms) {
                for (String value : e.getValue()) {
                    Map<Dimension, String> chosen = new java.util.EnumMap<>(Dimension.class);
                    chosen.putAll(term);
                    chosen.put(e.getKey(), value);
                    next.add(chosen);
                }
            }
            terms = next;
        }
        // Subtracted (odd) terms first, then added ones, the plain read (no values chosen) last.
        terms.sort(Comparator.comparingInt((Map<Dimension, String> t) -> t.size() % 2 == 1 ? 0 : 1)
                .thenComparing(t -> -t.size()));
        Map<String, Rollup> result = new HashMap<>();
        for (Map<Dimension, String> term : terms) {
            Map<Dimension, String> filters = new java.util.EnumMap<>(Dimension.class);
            filters.putAll(q.filters());
            boolean contradicts = false;
            for (Map.Entry<Dimension, String> chosen : term.entrySet()) {
                String filter = filters.put(chosen.getKey(), chosen.getValue());
                contradicts |= filter != null && !filter.equals(chosen.getValue());
            }
            if (contradicts) {
                continue;
            }
            Map<String, Rollup> part = rows(store, q.withFiltersOnly(filters), plan);
            boolean subtract = term.size() % 2 == 1;
            part.forEach((value, r) -> result.merge(value, subtract ? Rollup.EMPTY.minus(r) : r, Rollup::plus));
        }
        Set<String> dropped = q.by() == null ? Set.of() : q.exclusions().getOrDefault(q.by(), Set.of());
        result.keySet().removeAll(dropped);
        if (q.grain() == null) {
            // A value whose every call was excluded is no row (by period, every period stays listed).
            result.values().removeIf(r -> r.calls() == 0 && r.costNanos() == 0);
        }
        return result;
    }

    /** A row with its metric, computed once for sorting and showing. */
    private record Ranked(String value, Rollup rollup, Measures measures, BigDecimal metricValue) {
        static Ranked of(String value, Rollup rollup, SpendMetric metric, boolean internal) {
            Measures measures = shown(rollup, internal);
            return new Ranked(value, rollup, measures, metric.of(measures));
        }
    }

    /**
     * By the metric in the order asked; rows without a metric value (a rate of no calls) last in
     * either order; then by cost and calls (largest first) and name, so equal values keep a stable order.
     */
    private static Comparator<Ranked> ranking(SpendOrder order) {
        Comparator<BigDecimal> byValue =
                order == SpendOrder.ASC ? Comparator.naturalOrder() : Comparator.reverseOrder();
        return Comparator.comparing(Ranked::metricValue, Comparator.nullsLast(byValue))
                .thenComparing(Comparator.comparingLong((Ranked e) -> e.rollup().costNanos())
                        .reversed())
                .thenComparing(Comparator.comparingLong((Ranked e) -> e.rollup().calls())
                        .reversed())
                .thenComparing(Ranked::value);
    }

    /** Period values ({@code 2026-11-23}, {@code 2026-11}) sort as text in time order. */
    private static Comparator<Ranked> inTimeOrder(SpendOrder order) {
        Comparator<Ranked> oldestFirst = Comparator.comparing(Ranked::value);
        return order == SpendOrder.DESC ? oldestFirst.reversed() : oldestFirst;
    }

    /**
     * Rows by a dimension: from its own rollup when there is no filter or the filter is on the
     * dimension itself, otherwise from the combinations. Where the dimension has no hourly keys
     * (see {@link ProductRollupSpec#DAILY_ONLY}), the plan's hours come from the combinations too.
     */
    private Map<String, Rollup> grouped(ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, RangePlan plan) {
        Map<String, Rollup> byValue = new HashMap<>();
        Map<Dimension, String> filters = q.filters();
        List<Dimension> dimensions = combination(q.usage());
        int by = dimensions.indexOf(q.by());
        CombinationScan.Sink byDimension = (g, bucket, values, r) -> byValue.merge(values[by], r, Rollup::plus);
        boolean ownRollup = filters.isEmpty() || (filters.size() == 1 && filters.containsKey(q.by()));
        if (!ownRollup) {
            CombinationScan.Incomplete pairKeys = PairKeys.grouped(store, q, byValue);
            if (PairKeys.keptByDay(q) == null) {
                combinations(store, q, plan, filters, pairKeys, byDimension);
            } else {
                daysFromPairKeys(store, q, plan, filters, pairKeys, byDimension);
            }
            return byValue;
        }
        RangePlan[] split = splitHours(q, q.by(), plan);
        if (filters.isEmpty()) {
            scanRange(store, q, q.by().code(), split[0], (value, r) -> byValue.merge(value, r, Rollup::plus));
        } else {
            String filterValue = filters.get(q.by());
            Rollup sum = RollupScan.sumOf(store, q.workspaceId(), q.by().code(), filterValue, split[0]);
            if (sum.calls() > 0 || sum.costNanos() != 0) {
                byValue.put(filterValue, sum);
            }
        }
        if (split[1] != null) {
            combinations(store, q, split[1], filters, CombinationScan.Incomplete.REFUSE, byDimension);
        }
        return byValue;
    }

    /**
     * Rows by period, every period of the range: from the workspace total or one value's keys (a
     * point read per bucket), or the combinations.
     */
    private Map<String, Rollup> series(ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, RangePlan plan) {
        TimeGrain grain = q.grain();
        Map<String, Rollup> byPeriod = new HashMap<>();
        if (grain == TimeGrain.HOUR) {
            // The plan is hourly() already: one segment of hours.
            for (long h = plan.segments().get(0).fromBucket();
                    h < plan.segments().get(0).toBucket();
                    h++) {
                byPeriod.put(grain.labelOf(Granularity.HOUR.start(h)), Rollup.EMPTY);
            }
        } else {
            LocalDate last = LocalDate.ofInstant(plan.to().minusMillis(1), ZoneOffset.UTC);
            for (LocalDate p = grain.periodStart(LocalDate.ofInstant(plan.from(), ZoneOffset.UTC));
                    !p.isAfter(last);
                    p = grain.next(p)) {
                byPeriod.put(grain.label(p), Rollup.EMPTY);
            }
        }
        Map<Dimension, String> filters = q.filters();
        CombinationScan.Sink byBucket =
                (g, bucket, values, r) -> byPeriod.merge(grain.labelOf(g.start(bucket)), r, Rollup::plus);
        if (filters.size() > 1) {
            CombinationScan.Incomplete pairKeys = PairKeys.series(store, q, byBucket);
            if (PairKeys.seriesKeptByDay(q) == null) {
                combinations(store, q, plan, filters, pairKeys, byBucket);
            } else {
                daysFromPairKeys(store, q, plan, filters, pairKeys, byBucket);
            }
            return byPeriod;
        }
        String code = RollupKeys.TOTAL;
        String value = "";
        RangePlan[] split = {plan, null};
        if (filters.size() == 1) {
            Map.Entry<Dimension, String> filter = filters.entrySet().iterator().next();
            code = filter.getKey().code();
            value = filter.getValue();
            split = splitHours(q, filter.getKey(), plan);
        }
        for (RangePlan.Segment segment : split[0].segments()) {
            Granularity g = segment.granularity();
            for (long bucket = segment.fromBucket(); bucket < segment.toBucket(); bucket++) {
                Rollup r = store.get(RollupKeys.key(q.workspaceId(), g, code, bucket, value));
                if (r != null) {
                    byBucket.accept(g, bucket, null, r);
                }
            }
        }
        if (split[1] != null) {
            combinations(store, q, split[1], filters, CombinationScan.Incomplete.REFUSE, byBucket);
        }
        return byPeriod;
    }

    /**
     * The plan of a report by hour: every hour of the range, which must lie within the hours kept
     * ({@link HourlyHorizon}), and ends at the current hour (later hours have no spend yet, and a
     * row of $0 for them would read as a drop).
     */
    private RangePlan hourly(RangePlan plan, String asked) {
        Instant now = clock.instant();
        long firstKept = HourlyHorizon.firstKeptHour(now);
        long h0 = Granularity.HOUR.bucketOf(plan.from());
        long h1 = Math.min(Granularity.HOUR.bucketOf(plan.to().minusMillis(1)) + 1, Granularity.HOUR.bucketOf(now) + 1);
        if (h0 < firstKept) {
            throw new IllegalArgumentException(
                    asked + " reaches back to " + plan.from() + ": hours are kept for the last "
                            + HourlyHorizon.KEPT.toDays() + " days (from " + Granularity.HOUR.start(firstKept)
                            + "); ask " + (asked.startsWith("by") ? "by day" : "per=day") + " for an older range");
        }
        h1 = Math.max(h0, h1);
        return new RangePlan(
                Granularity.HOUR.start(h0),
                Granularity.HOUR.start(h1),
                List.of(new RangePlan.Segment(Granularity.HOUR, h0, h1)));
    }

    private void combinations(
            ReadOnlyKeyValueStore<String, Rollup> store,
            SpendQuery q,
            RangePlan plan,
            Map<Dimension, String> filters,
            CombinationScan.Incomplete incomplete,
            CombinationScan.Sink sink) {
        CombinationScan.scan(
                store,
                stores.combinations(q.usage(), q.workspaceId()),
                q.workspaceId(),
                combination(q.usage()),
                plan,
                filters,
                incomplete,
                sink);
    }

    /** Whole days from a pair kept by day, one bucket at a time; hours from the combinations. */
    private void daysFromPairKeys(
            ReadOnlyKeyValueStore<String, Rollup> store,
            SpendQuery q,
            RangePlan plan,
            Map<Dimension, String> filters,
            CombinationScan.Incomplete pairKeys,
            CombinationScan.Sink sink) {
        RangePlan[] split = splitHours(plan);
        for (RangePlan.Segment day : split[0].segments()) {
            for (long bucket = day.fromBucket(); bucket < day.toBucket(); bucket++) {
                pairKeys.answer(day.granularity(), bucket);
            }
        }
        if (split[1] != null) {
            combinations(store, q, split[1], filters, pairKeys, sink);
        }
    }

    /**
     * The plan for {@code dimension}'s own keys, and (or null) its hourly segments, which the
     * combinations answer when the dimension has no hourly keys.
     */
    private static RangePlan[] splitHours(SpendQuery q, Dimension dimension, RangePlan plan) {
        if (q.usage() != UsageKind.PRODUCT || !ProductRollupSpec.DAILY_ONLY.contains(dimension)) {
            return new RangePlan[] {plan, null};
        }
        return splitHours(plan);
    }

    /** The plan's days, and (or null) its hours. */
    private static RangePlan[] splitHours(RangePlan plan) {
        List<RangePlan.Segment> days = new ArrayList<>();
        List<RangePlan.Segment> hours = new ArrayList<>();
        for (RangePlan.Segment s : plan.segments()) {
            (s.granularity() == Granularity.HOUR ? hours : days).add(s);
        }
        return new RangePlan[] {
            new RangePlan(plan.from(), plan.to(), days),
            hours.isEmpty() ? null : new RangePlan(plan.from(), plan.to(), hours)
        };
    }

    private static List<Dimension> combination(UsageKind usage) {
        return usage == UsageKind.PRODUCT ? ProductRollupSpec.COMBINATION : InternalRollupSpec.COMBINATION;
    }

    /** One code over the plan's range: by months where the code has monthly buckets. */
    private void scanRange(
            ReadOnlyKeyValueStore<String, Rollup> store,
            SpendQuery q,
            String code,
            RangePlan plan,
            RollupScan.RowSink sink) {
        if (q.usage() == UsageKind.PRODUCT && (code.equals(RollupKeys.TOTAL) || PRODUCT_MONTHLY_CODES.contains(code))) {
            MonthFirstScan.scan(store, q.workspaceId(), code, plan, clock.instant(), sink);
        } else {
            RollupScan.scan(store, q.workspaceId(), code, plan, sink);
        }
    }
}
