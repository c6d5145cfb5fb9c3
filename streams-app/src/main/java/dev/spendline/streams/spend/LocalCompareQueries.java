package dev.spendline.streams.spend;

import dev.spendline.contracts.compare.ComparePeriod;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Answers {@code compare} by running the same report twice through the local queries of this
 * partition (both periods of a workspace live here) and lining the values up. Exact: each side is
 * the report itself, and the change is their difference. A spend comparison's exclusions are read
 * in both periods (as {@code spend_by} answers them, exactly), so the two sides leave out the same
 * calls.
 */
public final class LocalCompareQueries {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final Queries local;

    public LocalCompareQueries(Queries local) {
        this.local = local;
    }

    public CompareReport compare(CompareQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return q.subject() == CompareSubject.SPEND ? spend(q) : margin(q);
    }

    private CompareReport spend(CompareQuery q) {
        SpendReport current = local.answer(QueryType.SPEND_BY, q.currentSpendRead());
        SpendReport base = local.answer(QueryType.SPEND_BY, q.baseSpendRead());
        SpendMetric metric = q.currentSpend().metric();
        // Reports by month stand for "no grouping": only their totals are compared.
        boolean grouped = q.currentSpend().by() != null;
        Map<String, BigDecimal> now = grouped ? values(current.rows()) : Map.of();
        Map<String, BigDecimal> before = grouped ? values(base.rows()) : Map.of();
        CompareRow totals = row(null, metric.of(current.totals()), metric.of(base.totals()));
        return report(
                q,
                grouped ? current.by() : null,
                current.usage(),
                current.filters(),
                metric.wireName(),
                new ComparePeriod(current.from().toString(), current.to().toString()),
                new ComparePeriod(base.from().toString(), base.to().toString()),
                now,
                before,
                totals,
                current.excluded());
    }

    private CompareReport margin(CompareQuery q) {
        Map<String, BigDecimal> now = new LinkedHashMap<>();
        Map<String, BigDecimal> before = new LinkedHashMap<>();
        BigDecimal nowTotal;
        BigDecimal beforeTotal;
        String by;
        if (q.subject() == CompareSubject.MARGIN_BY_CUSTOMER) {
            var current = local.answer(QueryType.MARGIN_BY_CUSTOMER, q.currentMargin());
            var base = local.answer(QueryType.MARGIN_BY_CUSTOMER, q.baseMargin());
            current.rows().forEach(r -> now.put(r.tenantId(), r.marginUsd()));
            base.rows().forEach(r -> before.put(r.tenantId(), r.marginUsd()));
            nowTotal = current.totals().marginUsd();
            beforeTotal = base.totals().marginUsd();
            by = "tenant";
        } else {
            var current = local.answer(QueryType.MARGIN_BY_FEATURE, q.currentMargin());
            var base = local.answer(QueryType.MARGIN_BY_FEATURE, q.baseMargin());
            current.rows().forEach(r -> now.put(r.feature(), r.marginUsd()));
            base.rows().forEach(r -> before.put(r.feature(), r.marginUsd()));
            nowTotal = current.totals().marginUsd();
            beforeTotal = base.totals().marginUsd();
            by = "feature";
        }
        Map<String, String> filters = new LinkedHashMap<>();
        if (q.currentMargin().tenant() != null) {
            filters.put("tenant", q.currentMargin().tenant());
        }
        if (q.currentMargin().feature() != null) {
            filters.put("feature", q.currentMargin().feature());
        }
        return report(
                q,
                by,
                "product",
                filters,
                "margin_usd",
                new ComparePeriod(
                        q.currentMargin().from().toString(),
                        q.currentMargin().to().toString()),
                new ComparePeriod(
                        q.baseMargin().from().toString(), q.baseMargin().to().toString()),
                now,
                before,
                row(null, nowTotal, beforeTotal),
                Map.of());
    }

    private CompareReport report(
            CompareQuery q,
            String by,
            String usage,
            Map<String, String> filters,
            String compared,
            ComparePeriod current,
            ComparePeriod base,
            Map<String, BigDecimal> now,
            Map<String, BigDecimal> before,
            CompareRow totals,
            Map<String, List<String>> excluded) {
        Set<String> values = new LinkedHashSet<>(now.keySet());
        values.addAll(before.keySet());
        boolean sums = !compared.equals("margin_usd");
        List<CompareRow> rows = new ArrayList<>();
        for (String value : values) {
            // A value missing from one period had none of a sum there; a rate is undefined there.
            BigDecimal c = now.containsKey(value) ? now.get(value) : sums && !isRate(compared) ? BigDecimal.ZERO : null;
            BigDecimal b =
                    before.containsKey(value) ? before.get(value) : sums && !isRate(compared) ? BigDecimal.ZERO : null;
            rows.add(row(value, c, b));
        }
        rows.sort(Comparator.comparing(
                        (CompareRow r) -> r.change() == null ? null : r.change().abs(),
                        Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(r -> r.value() == null ? "" : r.value()));
        List<String> grew = rows.stream()
                .filter(r -> r.change() != null && r.change().signum() > 0)
                .limit(CompareQuery.MOVERS)
                .map(CompareRow::value)
                .toList();
        List<String> fell = rows.stream()
                .filter(r -> r.change() != null && r.change().signum() < 0)
                .limit(CompareQuery.MOVERS)
                .map(CompareRow::value)
                .toList();
        return new CompareReport(
                q.workspaceId(),
                q.subject().wireName(),
                by,
                usage,
                filters,
                compared,
                current,
                base,
                q.limit(),
                values.size(),
                rows.subList(0, Math.min(q.limit(), rows.size())),
                totals,
                grew,
                fell,
                excluded);
    }

    private static boolean isRate(String metric) {
        SpendMetric m = SpendMetric.parse(metric);
        return m == SpendMetric.ERROR_RATE
                || m == SpendMetric.COST_PER_CALL
                || m == SpendMetric.COST_PER_1K_TOKENS
                || m == SpendMetric.LATENCY;
    }

    private static Map<String, BigDecimal> values(List<SpendRow> rows) {
        Map<String, BigDecimal> values = new LinkedHashMap<>();
        for (SpendRow row : rows) {
            // The empty value (spend the sender did not attribute) keeps its null name.
            values.put(row.value(), row.metricValue());
        }
        return values;
    }

    static CompareRow row(String value, BigDecimal current, BigDecimal base) {
        if (current == null || base == null) {
            return new CompareRow(value, current, base, null, null);
        }
        BigDecimal change = current.subtract(base);
        BigDecimal percent =
                base.signum() == 0 ? null : change.multiply(HUNDRED).divide(base.abs(), 1, RoundingMode.HALF_UP);
        return new CompareRow(value, current, base, change, percent);
    }
}
