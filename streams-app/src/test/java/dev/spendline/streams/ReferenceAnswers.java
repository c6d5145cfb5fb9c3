package dev.spendline.streams;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.ComparePeriod;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.streams.query.RangePlan;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The brute-force answer to reads, from nothing but the raw events: deduplicated as the spec says,
 * filtered and summed per query. It shares no code with the topology or the read path except
 * {@link RangePlan#of}, which says which hour-aligned range a query covers (hours inside the hourly
 * horizon, whole days outside it): that rule is part of the documented answer, and re-deriving it
 * here would only copy it.
 *
 * <p>Whatever way the rollups are stored (keys, pairs, combinations, monthly buckets), a read must
 * equal this.
 */
final class ReferenceAnswers {

    private final Instant now;
    /** Counted events, in receipt order: resends within the dedupe horizon are not among them. */
    private final List<AcceptedEvent> counted = new ArrayList<>();

    private int duplicates;

    ReferenceAnswers(Instant now, List<AcceptedEvent> sent, Duration dedupeHorizon) {
        this.now = now;
        // The first copy of a (workspace, source, externalId) counts; a later one within the horizon
        // (of receipt) does not. Events without an identity always count.
        Map<List<String>, List<Instant>> seen = new HashMap<>();
        for (AcceptedEvent e : sent) {
            ProductEvent event = e.event();
            if (event.source() != null && event.externalId() != null) {
                List<Instant> earlier = seen.computeIfAbsent(
                        List.of(e.workspaceId(), event.source(), event.externalId()), k -> new ArrayList<>());
                boolean duplicate = earlier.stream()
                        .anyMatch(t -> Duration.between(t, e.receivedAt()).abs().compareTo(dedupeHorizon) <= 0);
                if (duplicate) {
                    duplicates++;
                    continue;
                }
                earlier.add(e.receivedAt());
            }
            counted.add(e);
        }
    }

    int duplicates() {
        return duplicates;
    }

    List<AcceptedEvent> counted() {
        return counted;
    }

    /** A dimension's value of an event; null when the sender did not say. */
    static String valueOf(ProductEvent e, Dimension d) {
        return switch (d) {
            case PROVIDER -> e.provider();
            case MODEL -> e.model();
            case FEATURE -> e.feature();
            case TENANT -> e.tenantId();
            case USER -> e.userId();
            case AGENT -> e.agentId();
            case WORKFLOW -> e.workflowId();
            case TOOL -> e.toolName();
            case STATUS -> e.status();
            case OUTCOME -> e.outcome();
            default -> throw new IllegalArgumentException(d + " is not a product dimension");
        };
    }

    /** The answer to a product spend query, refused as the product refuses an invalid one. */
    SpendReport spendBy(SpendQuery q) {
        if (q.usage() != UsageKind.PRODUCT) {
            throw new IllegalArgumentException("the reference knows product usage only");
        }
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        RangePlan plan = RangePlan.of(q.from(), q.to(), now);
        Instant from = plan.from();
        Instant to = plan.to();
        if (q.per() != null) {
            return spendPer(q, from, to);
        }
        Map<String, Sum> groups = new HashMap<>();
        if (q.grain() == TimeGrain.HOUR) {
            // Written out from the spec: hours within the 8 kept days only, every hour up to the
            // current one, an hour's value its start.
            Instant firstKept = now.minus(TimeGrain.HOURS_KEPT).truncatedTo(java.time.temporal.ChronoUnit.HOURS);
            if (from.isBefore(firstKept)) {
                throw new IllegalArgumentException("by=hour reaches back to " + from + ": hours are kept for the last 8"
                        + " days (from " + firstKept + "); ask by day for an older range");
            }
            Instant nowHourEnd =
                    now.truncatedTo(java.time.temporal.ChronoUnit.HOURS).plus(Duration.ofHours(1));
            if (to.isAfter(nowHourEnd)) {
                to = nowHourEnd;
            }
            if (to.isBefore(from)) {
                to = from;
            }
            for (Instant h = from; h.isBefore(to); h = h.plus(Duration.ofHours(1))) {
                groups.put(h.toString(), new Sum());
            }
        } else if (q.grain() != null) {
            // Every period of the covered range is a row, with or without spend.
            LocalDate last = LocalDate.ofInstant(to.minusMillis(1), ZoneOffset.UTC);
            for (LocalDate p = periodStart(q.grain(), LocalDate.ofInstant(from, ZoneOffset.UTC));
                    !p.isAfter(last);
                    p = next(q.grain(), p)) {
                groups.put(label(q.grain(), p), new Sum());
            }
        }
        for (AcceptedEvent e : counted) {
            ProductEvent event = e.event();
            if (!e.workspaceId().equals(q.workspaceId())
                    || event.ts().isBefore(from)
                    || !event.ts().isBefore(to)
                    || !matches(event, q.filters())
                    || excluded(event, q.exclusions())) {
                continue;
            }
            String group;
            if (q.grain() == TimeGrain.HOUR) {
                group = event.ts()
                        .truncatedTo(java.time.temporal.ChronoUnit.HOURS)
                        .toString();
            } else if (q.grain() != null) {
                group = label(q.grain(), periodStart(q.grain(), LocalDate.ofInstant(event.ts(), ZoneOffset.UTC)));
            } else {
                String v = valueOf(event, q.by());
                // Not attributed: grouped under the empty value, shown as null.
                group = v == null ? "" : v;
            }
            groups.computeIfAbsent(group, g -> new Sum()).add(event);
        }
        List<Map.Entry<String, Sum>> sorted = new ArrayList<>(groups.entrySet());
        if (q.grain() != null) {
            Comparator<Map.Entry<String, Sum>> oldestFirst = Map.Entry.comparingByKey();
            sorted.sort(q.order() == SpendOrder.DESC ? oldestFirst.reversed() : oldestFirst);
        } else {
            sorted.sort(ranking(q.metric(), q.order()));
        }
        List<SpendRow> rows = new ArrayList<>();
        Sum others = new Sum();
        Sum totals = new Sum();
        for (int i = 0; i < sorted.size(); i++) {
            Map.Entry<String, Sum> e = sorted.get(i);
            totals.add(e.getValue());
            if (i < q.limit()) {
                Measures m = e.getValue().measures();
                rows.add(new SpendRow(
                        e.getKey().isEmpty() ? null : e.getKey(), m, q.metric().of(m)));
            } else {
                others.add(e.getValue());
            }
        }
        Map<String, String> filters = new LinkedHashMap<>();
        new TreeMap<>(q.filters()).forEach((d, v) -> filters.put(d.wireName(), v));
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.grain() != null ? q.grain().wireName() : q.by().wireName(),
                from,
                to,
                filters,
                q.limit(),
                q.metric().wireName(),
                q.order().wireName(),
                sorted.size(),
                rows,
                others.calls == 0 ? Measures.ZERO : others.measures(),
                totals.measures(),
                q.excludedByName());
    }

    /**
     * Two groupings, from the spec: each counted event in the covered range goes to its (value,
     * period) cell; values ranked by their sums over the range; the top limit each listed in every
     * period of the range (hours: within the kept 8 days, up to the current hour), oldest first.
     */
    private SpendReport spendPer(SpendQuery q, Instant from, Instant to) {
        TimeGrain per = q.per();
        List<String> periods = new ArrayList<>();
        if (per == TimeGrain.HOUR) {
            Instant firstKept = now.minus(TimeGrain.HOURS_KEPT).truncatedTo(java.time.temporal.ChronoUnit.HOURS);
            if (from.isBefore(firstKept)) {
                throw new IllegalArgumentException(
                        "per=hour reaches back to " + from + ": hours are kept for the last 8" + " days (from "
                                + firstKept + "); ask per=day for an older range");
            }
            Instant nowHourEnd =
                    now.truncatedTo(java.time.temporal.ChronoUnit.HOURS).plus(Duration.ofHours(1));
            to = to.isAfter(nowHourEnd) ? nowHourEnd : to;
            to = to.isBefore(from) ? from : to;
            for (Instant h = from; h.isBefore(to); h = h.plus(Duration.ofHours(1))) {
                periods.add(h.toString());
            }
        } else {
            LocalDate last = LocalDate.ofInstant(to.minusMillis(1), ZoneOffset.UTC);
            for (LocalDate p = periodStart(per, LocalDate.ofInstant(from, ZoneOffset.UTC));
                    !p.isAfter(last);
                    p = next(per, p)) {
                periods.add(label(per, p));
            }
        }
        Map<String, Sum> byValue = new HashMap<>();
        Map<String, Map<String, Sum>> cells = new HashMap<>();
        for (AcceptedEvent e : counted) {
            ProductEvent event = e.event();
            if (!e.workspaceId().equals(q.workspaceId())
                    || event.ts().isBefore(from)
                    || !event.ts().isBefore(to)
                    || !matches(event, q.filters())
                    || excluded(event, q.exclusions())) {
                continue;
            }
            String v = valueOf(event, q.by());
            String value = v == null ? "" : v;
            String period = per == TimeGrain.HOUR
                    ? event.ts()
                            .truncatedTo(java.time.temporal.ChronoUnit.HOURS)
                            .toString()
                    : label(per, periodStart(per, LocalDate.ofInstant(event.ts(), ZoneOffset.UTC)));
            byValue.computeIfAbsent(value, x -> new Sum()).add(event);
            cells.computeIfAbsent(period, x -> new HashMap<>())
                    .computeIfAbsent(value, x -> new Sum())
                    .add(event);
        }
        List<Map.Entry<String, Sum>> sorted = new ArrayList<>(byValue.entrySet());
        sorted.sort(ranking(q.metric(), q.order()));
        List<String> listed = new ArrayList<>();
        Sum others = new Sum();
        Sum totals = new Sum();
        for (int i = 0; i < sorted.size(); i++) {
            totals.add(sorted.get(i).getValue());
            if (i < q.limit()) {
                listed.add(sorted.get(i).getKey());
            } else {
                others.add(sorted.get(i).getValue());
            }
        }
        List<SpendRow> rows = new ArrayList<>();
        for (String value : listed) {
            for (String period : periods) {
                Measures m = cells.getOrDefault(period, Map.of())
                        .getOrDefault(value, new Sum())
                        .measures();
                rows.add(new SpendRow(
                        value.isEmpty() ? null : value, m, q.metric().of(m), period));
            }
        }
        List<SpendRow> periodTotals = new ArrayList<>();
        List<SpendRow> periodOthers = new ArrayList<>();
        for (String period : periods) {
            Sum all = new Sum();
            Sum rest = new Sum();
            cells.getOrDefault(period, Map.of()).forEach((value, sum) -> {
                all.add(sum);
                if (!listed.contains(value)) {
                    rest.add(sum);
                }
            });
            Measures a = all.measures();
            Measures r = rest.calls == 0 ? Measures.ZERO : rest.measures();
            periodTotals.add(new SpendRow(period, a, q.metric().of(a), period));
            periodOthers.add(new SpendRow(period, r, q.metric().of(r), period));
        }
        Map<String, String> filters = new LinkedHashMap<>();
        new TreeMap<>(q.filters()).forEach((d, v) -> filters.put(d.wireName(), v));
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.by().wireName(),
                from,
                to,
                filters,
                q.limit(),
                q.metric().wireName(),
                q.order().wireName(),
                sorted.size(),
                rows,
                others.calls == 0 ? Measures.ZERO : others.measures(),
                totals.measures(),
                q.excludedByName(),
                null,
                per.wireName(),
                periodTotals,
                periodOthers);
    }

    /**
     * The answer to a spend comparison: each period's brute-force spend report with the
     * comparison's exclusions, lined up value by value as documented. A value missing from one
     * period has 0 of a sum there and no rate; the change is current − base, its percent of |base|
     * to one decimal (half up), none when the base is 0 or a side has no figure; rows by the size
     * of the change, largest first (no change last), then by value; the movers are the first three
     * rows that rose and that fell. Without {@code by} only the totals (of reports by month).
     */
    CompareReport compare(CompareQuery q) {
        if (q.subject() != CompareSubject.SPEND) {
            throw new IllegalArgumentException("the reference compares spend only");
        }
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        SpendReport current = spendBy(q.currentSpendRead());
        SpendReport base = spendBy(q.baseSpendRead());
        SpendMetric metric = q.currentSpend().metric();
        boolean rate = java.util.EnumSet.of(
                        SpendMetric.ERROR_RATE,
                        SpendMetric.COST_PER_CALL,
                        SpendMetric.COST_PER_1K_TOKENS,
                        SpendMetric.LATENCY)
                .contains(metric);
        boolean grouped = q.currentSpend().by() != null;
        Map<String, BigDecimal> now = new LinkedHashMap<>();
        Map<String, BigDecimal> before = new LinkedHashMap<>();
        if (grouped) {
            current.rows().forEach(r -> now.put(r.value(), r.metricValue()));
            base.rows().forEach(r -> before.put(r.value(), r.metricValue()));
        }
        java.util.Set<String> values = new java.util.LinkedHashSet<>(now.keySet());
        values.addAll(before.keySet());
        BigDecimal missing = rate ? null : BigDecimal.ZERO;
        List<CompareRow> rows = new ArrayList<>();
        for (String v : values) {
            rows.add(compareRow(
                    v, now.containsKey(v) ? now.get(v) : missing, before.containsKey(v) ? before.get(v) : missing));
        }
        rows.sort(Comparator.comparing(
                        (CompareRow r) -> r.change() == null ? null : r.change().abs(),
                        Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(r -> r.value() == null ? "" : r.value()));
        return new CompareReport(
                q.workspaceId(),
                "spend",
                grouped ? q.currentSpend().by().wireName() : null,
                current.usage(),
                current.filters(),
                metric.wireName(),
                new ComparePeriod(current.from().toString(), current.to().toString()),
                new ComparePeriod(base.from().toString(), base.to().toString()),
                q.limit(),
                values.size(),
                rows.subList(0, Math.min(q.limit(), rows.size())),
                compareRow(null, metric.of(current.totals()), metric.of(base.totals())),
                rows.stream()
                        .filter(r -> r.change() != null && r.change().signum() > 0)
                        .limit(3)
                        .map(CompareRow::value)
                        .toList(),
                rows.stream()
                        .filter(r -> r.change() != null && r.change().signum() < 0)
                        .limit(3)
                        .map(CompareRow::value)
                        .toList(),
                q.currentSpendRead().excludedByName());
    }

    private static CompareRow compareRow(String value, BigDecimal current, BigDecimal base) {
        if (current == null || base == null) {
            return new CompareRow(value, current, base, null, null);
        }
        BigDecimal change = current.subtract(base);
        BigDecimal percent = base.signum() == 0
                ? null
                : change.multiply(BigDecimal.valueOf(100)).divide(base.abs(), 1, RoundingMode.HALF_UP);
        return new CompareRow(value, current, base, change, percent);
    }

    /** The call has an excluded value (a call without a value for a dimension is never excluded on it). */
    private static boolean excluded(ProductEvent e, Map<Dimension, java.util.Set<String>> exclusions) {
        for (Map.Entry<Dimension, java.util.Set<String>> x : exclusions.entrySet()) {
            String v = valueOf(e, x.getKey());
            if (v != null && x.getValue().contains(v)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where {@code budgets} stand at {@code q.asOf()}: each budget's spend is every counted event of
     * its workspace and scope from the start of its period to {@code asOf} rounded up to the hour;
     * percent, forecast and state are the contract's ({@link BudgetStatus#of}); worst first, then
     * by percent used, name and id.
     */
    BudgetStatusReport budgetStatus(BudgetStatusQuery q, List<Budget> budgets) {
        Instant asOf = q.asOf();
        long hour = Duration.ofHours(1).toMillis();
        Instant upToHour = Instant.ofEpochMilli(Math.floorDiv(asOf.toEpochMilli() + hour - 1, hour) * hour);
        // Older than the 8 days hours are kept: to the end of that day (the spec's rule for any
        // range: a report never claims hour precision it does not have).
        Instant firstKept = now.minus(TimeGrain.HOURS_KEPT).truncatedTo(java.time.temporal.ChronoUnit.HOURS);
        Instant lastDayStart = upToHour.minusMillis(1).truncatedTo(java.time.temporal.ChronoUnit.DAYS);
        if (lastDayStart.isBefore(firstKept)
                && !upToHour.equals(upToHour.truncatedTo(java.time.temporal.ChronoUnit.DAYS))) {
            upToHour = lastDayStart.plus(Duration.ofDays(1));
        }
        List<BudgetStatus> statuses = new ArrayList<>();
        for (Budget budget : budgets) {
            if (!budget.workspaceId().equals(q.workspaceId()) || !q.matches(budget)) {
                continue;
            }
            Instant start = budget.period().start(asOf);
            Sum spent = new Sum();
            for (AcceptedEvent e : counted) {
                ProductEvent event = e.event();
                if (e.workspaceId().equals(budget.workspaceId())
                        && !event.ts().isBefore(start)
                        && event.ts().isBefore(upToHour)
                        && (!budget.scope().needsValue()
                                || budget.scopeValue()
                                        .equals(valueOf(event, budget.scope().dimension())))) {
                    spent.add(event);
                }
            }
            BudgetStatus status = BudgetStatus.of(budget, asOf, spent.measures().costUsd());
            if (q.matches(status)) {
                statuses.add(status);
            }
        }
        statuses.sort(Comparator.comparing(BudgetStatus::state, Comparator.reverseOrder())
                .thenComparing(BudgetStatus::percentUsed, Comparator.reverseOrder())
                .thenComparing(s -> s.budget().name())
                .thenComparing(s -> s.budget().id()));
        return new BudgetStatusReport(
                q.workspaceId(),
                asOf,
                count(statuses, BudgetState.EXCEEDED),
                count(statuses, BudgetState.WARNING),
                count(statuses, BudgetState.OK),
                List.copyOf(statuses));
    }

    /**
     * Contribution margin per customer over whole months (no feature filter): cost and calls of the
     * counted events of each tenant in the months, revenue the latest row of each (tenant, month)
     * in {@code revenue}; calls without a tenant are {@code unattributedCostUsd}; worst margin first,
     * then by tenant; percentages of revenue, one decimal half-even, null without revenue.
     */
    CustomerMarginReport marginByCustomer(MarginQuery q, List<RevenueRow> revenue) {
        if (q.feature() != null) {
            throw new IllegalArgumentException("the reference has no revenue allocation over features");
        }
        Instant from = q.from().atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant to = q.to().plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Map<String, Sum> cost = new HashMap<>();
        for (AcceptedEvent e : counted) {
            ProductEvent event = e.event();
            String tenant = event.tenantId() == null ? "" : event.tenantId();
            if (e.workspaceId().equals(q.workspaceId())
                    && !event.ts().isBefore(from)
                    && event.ts().isBefore(to)
                    && (q.tenant() == null || q.tenant().equals(tenant))) {
                cost.computeIfAbsent(tenant, t -> new Sum()).add(event);
            }
        }
        Map<List<String>, RevenueRow> latest = new HashMap<>();
        for (RevenueRow row : revenue) {
            latest.put(List.of(row.workspaceId(), row.tenantId(), row.month()), row);
        }
        Map<String, BigInteger> revenueOf = new HashMap<>();
        for (RevenueRow row : latest.values()) {
            YearMonth month = YearMonth.parse(row.month());
            if (row.workspaceId().equals(q.workspaceId())
                    && !month.isBefore(q.from())
                    && !month.isAfter(q.to())
                    && (q.tenant() == null || q.tenant().equals(row.tenantId()))) {
                revenueOf.merge(row.tenantId(), BigInteger.valueOf(nanos(row.amountUsd())), BigInteger::add);
            }
        }
        Sum unattributed = cost.remove("");
        java.util.TreeSet<String> tenants = new java.util.TreeSet<>(cost.keySet());
        tenants.addAll(revenueOf.keySet());
        record Line(CustomerMargin row, BigInteger margin) {}
        List<Line> lines = new ArrayList<>();
        BigInteger totalRevenue = BigInteger.ZERO;
        BigInteger totalCost = BigInteger.ZERO;
        long totalEstimated = 0;
        int withoutRevenue = 0;
        int negative = 0;
        for (String tenant : tenants) {
            Sum sum = cost.getOrDefault(tenant, new Sum());
            BigInteger revenueNanos = revenueOf.getOrDefault(tenant, BigInteger.ZERO);
            BigInteger costNanos = BigInteger.valueOf(sum.costNanos);
            BigInteger margin = revenueNanos.subtract(costNanos);
            List<String> flags = new ArrayList<>();
            if (revenueNanos.signum() == 0 && costNanos.signum() > 0) {
                flags.add(CustomerMargin.NO_REVENUE);
                withoutRevenue++;
            }
            if (margin.signum() < 0) {
                flags.add(CustomerMargin.NEGATIVE_MARGIN);
                negative++;
            }
            if (sum.calls == 0) {
                flags.add(CustomerMargin.NO_USAGE);
            }
            lines.add(new Line(
                    new CustomerMargin(
                            tenant,
                            usd(revenueNanos),
                            usd(costNanos),
                            usd(margin),
                            percent(margin, revenueNanos),
                            sum.calls,
                            List.copyOf(flags),
                            usd(BigInteger.valueOf(sum.estimatedNanos))),
                    margin));
            totalRevenue = totalRevenue.add(revenueNanos);
            totalCost = totalCost.add(costNanos);
            totalEstimated += sum.estimatedNanos;
        }
        lines.sort(Comparator.comparing(Line::margin).thenComparing(l -> l.row().tenantId()));
        BigInteger totalMargin = totalRevenue.subtract(totalCost);
        return new CustomerMarginReport(
                q.workspaceId(),
                q.from().toString(),
                q.to().toString(),
                q.limit(),
                lines.size(),
                withoutRevenue,
                negative,
                lines.stream().limit(q.limit()).map(Line::row).toList(),
                new MarginTotals(
                        usd(totalRevenue),
                        usd(totalCost),
                        usd(totalMargin),
                        percent(totalMargin, totalRevenue),
                        usd(BigInteger.valueOf(totalEstimated))),
                usd(BigInteger.valueOf(unattributed == null ? 0 : unattributed.costNanos)));
    }

    /** Nano-dollars as USD: at least two decimals, no trailing zeros beyond. */
    private static BigDecimal usd(BigInteger nanos) {
        BigDecimal usd = new BigDecimal(nanos, 9).stripTrailingZeros();
        return usd.scale() < 2 ? usd.setScale(2) : usd;
    }

    private static BigDecimal percent(BigInteger margin, BigInteger revenue) {
        return revenue.signum() == 0
                ? null
                : new BigDecimal(margin.multiply(BigInteger.valueOf(100)))
                        .divide(new BigDecimal(revenue), 1, RoundingMode.HALF_EVEN);
    }

    private static int count(List<BudgetStatus> statuses, BudgetState state) {
        return (int) statuses.stream().filter(s -> s.state() == state).count();
    }

    private static boolean matches(ProductEvent e, Map<Dimension, String> filters) {
        for (Map.Entry<Dimension, String> f : filters.entrySet()) {
            if (!f.getValue().equals(valueOf(e, f.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The documented ranking: by the metric in the order asked, rows without a value last either
     * way; ties by cost, then calls (largest first), then the value.
     */
    private static Comparator<Map.Entry<String, Sum>> ranking(SpendMetric metric, SpendOrder order) {
        Comparator<BigDecimal> byValue =
                order == SpendOrder.ASC ? Comparator.naturalOrder() : Comparator.reverseOrder();
        Comparator<Map.Entry<String, Sum>> c =
                Comparator.comparing(e -> metric.of(e.getValue().measures()), Comparator.nullsLast(byValue));
        return c.thenComparing(e -> e.getValue().costNanos, Comparator.reverseOrder())
                .thenComparing(e -> e.getValue().calls, Comparator.reverseOrder())
                .thenComparing(Map.Entry::getKey);
    }

    private static LocalDate periodStart(TimeGrain grain, LocalDate day) {
        return switch (grain) {
            case HOUR -> throw new IllegalArgumentException("hours are handled apart");
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
        };
    }

    private static LocalDate next(TimeGrain grain, LocalDate start) {
        return switch (grain) {
            case HOUR -> throw new IllegalArgumentException("hours are handled apart");
            case DAY -> start.plusDays(1);
            case WEEK -> start.plusWeeks(1);
            case MONTH -> start.plusMonths(1);
        };
    }

    /** {@code 2026-11-23} for a day or the Monday of a week, {@code 2026-11} for a month. */
    private static String label(TimeGrain grain, LocalDate start) {
        return grain == TimeGrain.MONTH ? YearMonth.from(start).toString() : start.toString();
    }

    /** USD to nano-dollars: exact up to nine decimals, beyond that rounded half-even. */
    static long nanos(BigDecimal usd) {
        return usd.setScale(9, RoundingMode.HALF_EVEN).unscaledValue().longValueExact();
    }

    /** The book the topology prices calls sent with cost 0 from (an input here, like the events). */
    private static final dev.spendline.streams.pricing.PriceBook BOOK =
            dev.spendline.streams.pricing.PriceBook.bundled();

    /** Exact sums of a set of events. */
    static final class Sum {
        long costNanos;
        long calls;
        long inputTokens;
        long outputTokens;
        long cacheReadTokens;
        long cacheWriteTokens;
        long errors;
        long retries;
        long latencySum;
        long latencyCount;
        long estimatedNanos;
        long unpricedCalls;

        void add(ProductEvent e) {
            if (e.costUsd().signum() != 0) {
                costNanos = Math.addExact(costNanos, nanos(e.costUsd()));
            } else if (e.promptTokens() > 0 || e.outputTokens() > 0) {
                // Sent with 0: the book's price of its tokens (cached input at most all input), or unpriced.
                long cached = Math.min(e.cacheReadTokens() == null ? 0 : e.cacheReadTokens(), e.promptTokens());
                java.util.Optional<Long> priced =
                        BOOK.costNanos(e.provider(), e.model(), e.ts(), e.promptTokens(), cached, e.outputTokens());
                if (priced.isPresent()) {
                    costNanos = Math.addExact(costNanos, priced.get());
                    estimatedNanos += priced.get();
                } else {
                    unpricedCalls++;
                }
            }
            calls++;
            inputTokens += e.promptTokens();
            outputTokens += e.outputTokens();
            cacheReadTokens += e.cacheReadTokens() == null ? 0 : e.cacheReadTokens();
            cacheWriteTokens += e.cacheWriteTokens() == null ? 0 : e.cacheWriteTokens();
            errors += ProductEvent.STATUS_ERROR.equals(e.status()) ? 1 : 0;
            // A retry is a call with retryCount > 0, counted once whatever the count.
            retries += e.retryCount() != null && e.retryCount() > 0 ? 1 : 0;
            if (e.latencyMs() != null) {
                latencySum += e.latencyMs();
                latencyCount++;
            }
        }

        void add(Sum o) {
            costNanos = Math.addExact(costNanos, o.costNanos);
            calls += o.calls;
            inputTokens += o.inputTokens;
            outputTokens += o.outputTokens;
            cacheReadTokens += o.cacheReadTokens;
            cacheWriteTokens += o.cacheWriteTokens;
            errors += o.errors;
            retries += o.retries;
            latencySum += o.latencySum;
            latencyCount += o.latencyCount;
            estimatedNanos += o.estimatedNanos;
            unpricedCalls += o.unpricedCalls;
        }

        /** USD with at least two decimals and no trailing zeros beyond; latency averaged to 0.1 ms. */
        Measures measures() {
            BigDecimal usd = BigDecimal.valueOf(costNanos, 9).stripTrailingZeros();
            if (usd.scale() < 2) {
                usd = usd.setScale(2);
            }
            Double latency = latencyCount == 0
                    ? null
                    : BigDecimal.valueOf(latencySum)
                            .divide(BigDecimal.valueOf(latencyCount), 1, RoundingMode.HALF_UP)
                            .doubleValue();
            BigDecimal estimated = BigDecimal.valueOf(estimatedNanos, 9).stripTrailingZeros();
            if (estimated.scale() < 2) {
                estimated = estimated.setScale(2);
            }
            return new Measures(
                    usd,
                    calls,
                    inputTokens,
                    outputTokens,
                    cacheReadTokens,
                    cacheWriteTokens,
                    errors,
                    retries,
                    latency,
                    estimated,
                    unpricedCalls);
        }
    }
}
