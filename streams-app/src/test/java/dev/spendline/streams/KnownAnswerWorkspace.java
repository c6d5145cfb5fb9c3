package dev.spendline.streams;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.waste.WasteKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * A seeded, deterministic workspace whose every answer is known: each generated call carries the
 * waste it must be classified as, worked out here from the definitions in docs/waste.md with plain
 * arithmetic (not with the topology's code), and the figures of every read tool follow from sums
 * over the calls. November 2026, "now" is {@link #NOW}.
 *
 * <ul>
 *   <li><b>A</b>: 800 calls on 1–19 Nov: four customers, three features each on one model
 *       (so no model overkill), small prompts (so no cache misses), about 3 % failed and 5 %
 *       retried; about 2 % of them sent twice;
 *   <li><b>B</b>: workflow {@code wf-dup}, five runs a day on 1–19 Nov, three steps of 0.10 USD;
 *       about one run in five repeats its second step after it succeeded (a duplicate step);
 *   <li><b>C</b>: on 20 Nov a runaway run, a cache miss and model overkill against baselines laid
 *       down on 18 and 19 Nov, in features of their own;
 *   <li><b>D</b>: in the current hour a 50 USD call (a spend anomaly) and 20 failed calls (an
 *       error-rate spike);
 *   <li>revenue for November, three budgets, defined before any call.
 * </ul>
 */
final class KnownAnswerWorkspace {

    static final String WS = "ws_known";
    static final Instant NOW = Instant.parse("2026-11-21T12:30:00Z");
    static final Instant NOV_1 = Instant.parse("2026-11-01T00:00:00Z");
    static final Instant DEC_1 = Instant.parse("2026-12-01T00:00:00Z");
    static final YearMonth NOV = YearMonth.of(2026, 11);
    static final List<String> TENANTS = List.of("t1", "t2", "t3", "t4");

    /**
     * One call as sent, whether it is a resend of an earlier one (same {@code externalId}: it must
     * count nowhere), and the waste it must count as, per kind, in USD.
     */
    record Call(AcceptedEvent accepted, boolean resend, Map<WasteKind, BigDecimal> waste) {

        ProductEvent event() {
            return accepted.event();
        }

        BigDecimal cost() {
            return accepted.event().costUsd();
        }
    }

    final List<Call> calls = new ArrayList<>();
    final List<RevenueRow> revenue = new ArrayList<>();
    final List<Budget> budgets = new ArrayList<>();
    private final Random random;
    private int ids;

    private KnownAnswerWorkspace(long seed) {
        this.random = new Random(seed);
    }

    static KnownAnswerWorkspace generate(long seed) {
        KnownAnswerWorkspace w = new KnownAnswerWorkspace(seed);
        w.partA();
        w.partB();
        w.partC();
        w.partD();
        w.revenueAndBudgets();
        return w;
    }

    /** The calls that count: every call but the resends. */
    List<Call> counted() {
        return calls.stream().filter(c -> !c.resend()).toList();
    }

    BigDecimal costOf(Predicate<Call> which) {
        return counted().stream().filter(which).map(Call::cost).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    static Predicate<Call> between(Instant from, Instant to) {
        return c -> !c.event().ts().isBefore(from) && c.event().ts().isBefore(to);
    }

    private void partA() {
        String[][] features = {
            {"search", "openai", "gpt-4.1"}, {"chat", "anthropic", "claude-sonnet-4"}, {"report", "openai", "gpt-4.1"}
        };
        List<Call> resends = new ArrayList<>();
        for (int i = 0; i < 800; i++) {
            String[] f = features[random.nextInt(features.length)];
            Instant ts =
                    NOV_1.plusSeconds(random.nextInt((int) Duration.ofDays(19).toSeconds()));
            BigDecimal cost = BigDecimal.valueOf(1 + random.nextInt(100), 2);
            boolean failed = random.nextInt(100) < 3;
            long retries = random.nextInt(100) < 5 ? 1 : 0;
            Map<WasteKind, BigDecimal> waste = new EnumMap<>(WasteKind.class);
            if (failed) {
                waste.put(WasteKind.FAILED_CALL, cost);
            }
            if (retries > 0) {
                waste.put(WasteKind.RETRY, cost);
            }
            ProductEvent e = event(f[1], f[2], f[0], TENANTS.get(random.nextInt(TENANTS.size())), ts, cost)
                    .status(failed ? ProductEvent.STATUS_ERROR : ProductEvent.STATUS_SUCCESS)
                    .retries(retries)
                    .build();
            calls.add(new Call(AcceptedEvent.of(WS, ts, e), false, waste));
            if (random.nextInt(100) < 2) {
                resends.add(new Call(AcceptedEvent.of(WS, ts.plusSeconds(30), e), true, Map.of()));
            }
        }
        calls.addAll(resends);
    }

    private void partB() {
        for (int day = 0; day < 19; day++) {
            for (int run = 0; run < 5; run++) {
                Instant start = NOV_1.plus(Duration.ofDays(day)).plus(Duration.ofHours(2 + run));
                String runId = "dup-" + day + "-" + run;
                boolean repeats = random.nextInt(5) == 0;
                for (int step = 1; step <= 3; step++) {
                    add(step(runId, "s" + step, start.plusSeconds(60L * step)), Map.of());
                    if (step == 2 && repeats) {
                        add(
                                step(runId, "s2", start.plusSeconds(60L * step + 30)),
                                Map.of(WasteKind.DUPLICATE_STEP, new BigDecimal("0.10")));
                    }
                }
            }
        }
    }

    private EventBuilder step(String runId, String stepId, Instant ts) {
        return event("openai", "gpt-4.1-mini", "pipeline", "t1", ts, new BigDecimal("0.10"))
                .run("wf-dup", runId, stepId);
    }

    private void partC() {
        Instant nov18 = Instant.parse("2026-11-18T09:00:00Z");
        Instant nov19 = Instant.parse("2026-11-19T09:00:00Z");
        Instant nov20 = Instant.parse("2026-11-20T09:00:00Z");
        // Workflow wf-r on 19 Nov: 20 runs of two 2.50 USD calls: a typical run is 5 USD in 2 calls.
        for (int run = 0; run < 20; run++) {
            for (int call = 0; call < 2; call++) {
                add(
                        event(
                                        "openai",
                                        "gpt-4.1",
                                        "triage",
                                        "t2",
                                        nov19.plusSeconds(run * 60L + call),
                                        new BigDecimal("2.50"))
                                .run("wf-r", "base-" + run, "c" + call),
                        Map.of());
            }
        }
        // 20 Nov, run "big": 4 USD calls; 12 after three, the fourth makes 16 > 3 × 5: it and the fifth are runaway.
        for (int call = 0; call < 5; call++) {
            add(
                    event("openai", "gpt-4.1", "triage", "t2", nov20.plusSeconds(call), new BigDecimal("4.00"))
                            .run("wf-r", "big", "c" + call),
                    call >= 3 ? Map.of(WasteKind.RUNAWAY_RUN, new BigDecimal("4.00")) : Map.of());
        }
        // Run "chatty": seven 0.10 USD calls; the seventh is more than 3 × 2 calls.
        for (int call = 0; call < 7; call++) {
            add(
                    event("openai", "gpt-4.1", "triage", "t2", nov20.plusSeconds(100 + call), new BigDecimal("0.10"))
                            .run("wf-r", "chatty", "c" + call),
                    call == 6 ? Map.of(WasteKind.RUNAWAY_RUN, new BigDecimal("0.10")) : Map.of());
        }
        // kb-search on 19 Nov: 20 calls reading 6,000 of 10,000 prompt tokens from cache (60 %).
        for (int i = 0; i < 20; i++) {
            add(
                    event("openai", "gpt-4.1", "kb-search", "t3", nov19.plusSeconds(3_600 + i), new BigDecimal("0.02"))
                            .tokens(10_000, 50)
                            .cacheRead(6_000),
                    Map.of());
        }
        // 20 Nov: a 1,000,000-token prompt with no cache reads: 1,000,000 × 0.60 × (2.00 − 0.50) / M = 0.90 USD.
        add(
                event("openai", "gpt-4.1", "kb-search", "t3", nov20.plusSeconds(200), new BigDecimal("2.10"))
                        .tokens(1_000_000, 50)
                        .cacheRead(0),
                Map.of(WasteKind.CACHE_MISS, new BigDecimal("0.90")));
        // summarize on 18 Nov: 50 gpt-4.1 calls at 4 USD / M tokens, 50 gpt-4.1-mini at 0.80, 1,000 tokens each.
        for (int i = 0; i < 50; i++) {
            add(
                    event("openai", "gpt-4.1", "summarize", "t4", nov18.plusSeconds(i), new BigDecimal("0.004"))
                            .tokens(800, 200),
                    Map.of());
            add(
                    event(
                                    "openai",
                                    "gpt-4.1-mini",
                                    "summarize",
                                    "t4",
                                    nov18.plusSeconds(100 + i),
                                    new BigDecimal("0.0008"))
                            .tokens(800, 200),
                    Map.of());
        }
        // 20 Nov: gpt-4.1, 5,000,000 tokens for 20 USD; on mini 5,000,000 × 0.80 / M = 4: 16 USD of overkill.
        add(
                event("openai", "gpt-4.1", "summarize", "t4", nov20.plusSeconds(300), new BigDecimal("20.00"))
                        .tokens(4_000_000, 1_000_000),
                Map.of(WasteKind.MODEL_OVERKILL, new BigDecimal("16.00")));
    }

    private void partD() {
        add(
                event("openai", "gpt-4.1", "search", "t1", NOW.minus(Duration.ofMinutes(10)), new BigDecimal("50.00")),
                Map.of());
        for (int i = 0; i < 20; i++) {
            add(
                    event(
                                    "anthropic",
                                    "claude-sonnet-4",
                                    "chat",
                                    "t2",
                                    NOW.minus(Duration.ofMinutes(5)).plusSeconds(i),
                                    new BigDecimal("0.01"))
                            .status(ProductEvent.STATUS_ERROR),
                    Map.of(WasteKind.FAILED_CALL, new BigDecimal("0.01")));
        }
    }

    private void revenueAndBudgets() {
        revenue.add(RevenueRow.of(WS, "t1", NOV, new BigDecimal("2000"), NOV_1, "known-answers"));
        revenue.add(RevenueRow.of(WS, "t2", NOV, new BigDecimal("10"), NOV_1, "known-answers"));
        revenue.add(RevenueRow.of(WS, "t4", NOV, new BigDecimal("500"), NOV_1, "known-answers"));
        revenue.add(RevenueRow.of(WS, "t5", NOV, new BigDecimal("100"), NOV_1, "known-answers"));
        BigDecimal total = costOf(between(NOV_1, DEC_1));
        BigDecimal search =
                costOf(between(NOV_1, DEC_1).and(c -> "search".equals(c.event().feature())));
        // The workspace at 55 % (forecast 55 × 30 / 20.5 = 80.5 %: below the limit); search over its limit.
        budgets.add(budget(
                "b-workspace",
                BudgetScope.WORKSPACE,
                null,
                BudgetPeriod.MONTHLY,
                total.divide(new BigDecimal("0.55"), 2, RoundingMode.HALF_UP)));
        budgets.add(budget(
                "b-search",
                BudgetScope.FEATURE,
                "search",
                BudgetPeriod.MONTHLY,
                search.multiply(new BigDecimal("0.9")).setScale(0, RoundingMode.FLOOR)));
        budgets.add(budget("b-t3-daily", BudgetScope.TENANT, "t3", BudgetPeriod.DAILY, new BigDecimal("5")));
    }

    private static Budget budget(String id, BudgetScope scope, String value, BudgetPeriod period, BigDecimal limit) {
        return new Budget(Budget.SCHEMA_VERSION, WS, id, id, scope, value, period, limit, NOV_1, "known-answers");
    }

    private void add(EventBuilder b, Map<WasteKind, BigDecimal> waste) {
        ProductEvent e = b.build();
        calls.add(new Call(AcceptedEvent.of(WS, e.ts(), e), false, waste));
    }

    private EventBuilder event(
            String provider, String model, String feature, String tenant, Instant ts, BigDecimal cost) {
        return new EventBuilder(provider, model, feature, tenant, ts, cost, "k-" + (++ids));
    }

    /** Sorted by time, as a sender would send them (resends right after their original). */
    List<Call> inSendingOrder() {
        List<Call> sorted = new ArrayList<>(calls);
        Collections.sort(
                sorted,
                (a, b) -> a.accepted().receivedAt().compareTo(b.accepted().receivedAt()));
        return sorted;
    }

    private static final class EventBuilder {
        private final String provider;
        private final String model;
        private final String feature;
        private final String tenant;
        private final Instant ts;
        private final BigDecimal cost;
        private final String externalId;
        private long prompt = 500;
        private long output = 100;
        private Long cacheRead;
        private String status = ProductEvent.STATUS_SUCCESS;
        private long retries;
        private String workflow;
        private String runId;
        private String stepId;

        EventBuilder(
                String provider, String model, String feature, String tenant, Instant ts, BigDecimal cost, String id) {
            this.provider = provider;
            this.model = model;
            this.feature = feature;
            this.tenant = tenant;
            this.ts = ts;
            this.cost = cost;
            this.externalId = id;
        }

        EventBuilder tokens(long promptTokens, long outputTokens) {
            prompt = promptTokens;
            output = outputTokens;
            return this;
        }

        EventBuilder cacheRead(long tokens) {
            cacheRead = tokens;
            return this;
        }

        EventBuilder status(String value) {
            status = value;
            return this;
        }

        EventBuilder retries(long value) {
            retries = value;
            return this;
        }

        EventBuilder run(String workflowId, String run, String step) {
            workflow = workflowId;
            runId = run;
            stepId = step;
            return this;
        }

        ProductEvent build() {
            return new ProductEvent(
                    provider,
                    model,
                    prompt,
                    output,
                    cost,
                    "known",
                    externalId,
                    ts,
                    null,
                    cacheRead,
                    null,
                    null,
                    status,
                    feature,
                    tenant,
                    null,
                    null,
                    workflow,
                    runId,
                    stepId,
                    null,
                    retries,
                    null,
                    null);
        }
    }
}
