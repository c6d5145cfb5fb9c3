package dev.spendline.bench.load;

import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures a fault test compares: calls and cost in total and per tenant. Costs are compared
 * with {@code compareTo} semantics (scale ignored) by normalising them here.
 */
public record SpendTotals(
        long calls, BigDecimal costUsd, Map<String, Long> callsByTenant, Map<String, BigDecimal> costByTenant) {

    public static SpendTotals of(Ledger ledger) {
        return new SpendTotals(
                ledger.calls(), normal(ledger.costUsd()), ledger.callsByTenant(), normal(ledger.costByTenant()));
    }

    /** From a report by tenant whose limit covers every tenant (nothing may be left in others). */
    public static SpendTotals of(SpendReport byTenant) {
        if (byTenant.others().calls() != 0) {
            throw new IllegalArgumentException("The report's limit does not cover every tenant: "
                    + byTenant.others().calls() + " calls in others");
        }
        Map<String, Long> calls = new TreeMap<>();
        Map<String, BigDecimal> cost = new TreeMap<>();
        for (SpendRow row : byTenant.rows()) {
            String tenant = row.value() == null ? "(none)" : row.value();
            calls.put(tenant, row.measures().calls());
            cost.put(tenant, normal(row.measures().costUsd()));
        }
        return new SpendTotals(
                byTenant.totals().calls(), normal(byTenant.totals().costUsd()), calls, cost);
    }

    /** What differs from {@code expected}, in words; empty when equal. */
    public String differenceFrom(SpendTotals expected) {
        StringBuilder diff = new StringBuilder();
        if (calls != expected.calls) {
            diff.append("calls ")
                    .append(calls)
                    .append(" != ledger ")
                    .append(expected.calls)
                    .append("; ");
        }
        if (costUsd.compareTo(expected.costUsd) != 0) {
            diff.append("cost ")
                    .append(costUsd)
                    .append(" != ledger ")
                    .append(expected.costUsd)
                    .append("; ");
        }
        int shown = 0;
        for (Map.Entry<String, Long> e : expected.callsByTenant.entrySet()) {
            Long actual = callsByTenant.get(e.getKey());
            if (!e.getValue().equals(actual) && shown++ < 5) {
                diff.append(e.getKey())
                        .append(' ')
                        .append(actual)
                        .append(" != ")
                        .append(e.getValue())
                        .append("; ");
            }
        }
        if (!costByTenant.equals(expected.costByTenant) && diff.isEmpty()) {
            diff.append("per-tenant cost differs; ");
        }
        if (!callsByTenant.keySet().equals(expected.callsByTenant.keySet()) && diff.isEmpty()) {
            diff.append("tenants differ; ");
        }
        return diff.toString();
    }

    private static BigDecimal normal(BigDecimal usd) {
        return usd.stripTrailingZeros();
    }

    private static Map<String, BigDecimal> normal(Map<String, BigDecimal> usd) {
        Map<String, BigDecimal> out = new TreeMap<>();
        usd.forEach((k, v) -> out.put(k, normal(v)));
        return out;
    }
}
