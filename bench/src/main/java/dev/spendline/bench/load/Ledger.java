package dev.spendline.bench.load;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What Spendline acknowledged (202), by identity: the figures its reports must show afterwards,
 * exactly. A resend of an acknowledged identity adds nothing, as in Spendline.
 */
public final class Ledger {

    private record Entry(String tenantId, long costNanos) {}

    private final Map<String, Entry> byIdentity = new ConcurrentHashMap<>();
    private final LongAdder acknowledgedItems = new LongAdder();

    /** Records one acknowledged event (the caller saw 202 for the request that carried it). */
    public void acknowledge(MixEvent event) {
        acknowledgedItems.increment();
        byIdentity.putIfAbsent(event.externalId(), new Entry(event.tenantId(), event.costNanos()));
    }

    /** Distinct events that must be counted. */
    public long calls() {
        return byIdentity.size();
    }

    /** Every acknowledged item, resends and retried requests included. */
    public long acknowledgedItems() {
        return acknowledgedItems.sum();
    }

    public BigDecimal costUsd() {
        return BigDecimal.valueOf(
                byIdentity.values().stream().mapToLong(Entry::costNanos).sum(), 9);
    }

    /** Calls per tenant, sorted by tenant. */
    public Map<String, Long> callsByTenant() {
        Map<String, Long> calls = new TreeMap<>();
        byIdentity.values().forEach(e -> calls.merge(e.tenantId(), 1L, Long::sum));
        return calls;
    }

    /** Cost per tenant in USD, sorted by tenant. */
    public Map<String, BigDecimal> costByTenant() {
        Map<String, Long> nanos = new TreeMap<>();
        byIdentity.values().forEach(e -> nanos.merge(e.tenantId(), e.costNanos(), Long::sum));
        Map<String, BigDecimal> cost = new TreeMap<>();
        nanos.forEach((tenant, n) -> cost.put(tenant, BigDecimal.valueOf(n, 9)));
        return cost;
    }
}
