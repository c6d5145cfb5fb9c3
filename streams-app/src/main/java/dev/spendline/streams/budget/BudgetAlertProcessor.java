package dev.spendline.streams.budget;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Measures;
import dev.spendline.streams.anomaly.AnomalyRules;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Budgets and their alerts, in the events' sub-topology. One processor with three parents, because
 * all three inputs change the same state:
 *
 * <ul>
 *   <li>deduplicated events (after the rollups have counted them) add to the spend of each
 *       matching budget's current period and may open or update alerts; they also compare the
 *       workspace's current hour with its trailing week ({@link AnomalyRules});
 *   <li>budget definitions are stored (a tombstone deletes the budget and resolves its alerts); a
 *       new or changed budget is evaluated at once against the spend already rolled up;
 *   <li>snoozes are stored for {@code active_alerts}.
 * </ul>
 *
 * Every alert change is stored and forwarded to {@code spendline.alerts.v1}. A wall-clock
 * punctuation resolves alerts whose period has ended and forgets old state. Only the period that
 * contains the current (wall-clock) time is evaluated: a late event for last month changes last
 * month's figures in the reports, not this month's alerts.
 */
public final class BudgetAlertProcessor implements Processor<String, Object, String, Alert> {

    private static final Logger log = LoggerFactory.getLogger(BudgetAlertProcessor.class);
    /** How often ended periods are looked for: alerts resolve at most this long after their period. */
    static final Duration RESOLVE_EVERY = Duration.ofSeconds(10);
    /** Resolved alerts and old period spend are kept this long, then dropped. */
    static final Duration KEEP = Duration.ofDays(35);

    private final StoreNames names;
    private final ProductRollupSpec spec;
    /** Budgets per workspace of this task, read from the store on first use; changed with it. */
    private final Map<String, List<Budget>> budgetsByWorkspace = new HashMap<>();

    /** Baselines of the current hour per workspace, and the anomaly alerts already raised in it. */
    private final Map<String, AnomalyRules.Baseline> baselines = new HashMap<>();

    private final java.util.Set<String> raisedThisHour = new java.util.HashSet<>();
    private long baselineHour = Long.MIN_VALUE;

    private ProcessorContext<String, Alert> context;
    private KeyValueStore<String, Budget> budgets;
    private KeyValueStore<String, Long> spend;
    private KeyValueStore<String, Alert> alerts;
    private KeyValueStore<String, AlertSnooze> snoozes;
    private KeyValueStore<String, Rollup> rollups;

    /** The stores this processor uses, by name. */
    public record StoreNames(String budgets, String spend, String alerts, String snoozes, String rollups) {}

    public BudgetAlertProcessor(StoreNames names, ProductRollupSpec spec) {
        this.names = names;
        this.spec = spec;
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.budgets = context.getStateStore(names.budgets());
        this.spend = context.getStateStore(names.spend());
        this.alerts = context.getStateStore(names.alerts());
        this.snoozes = context.getStateStore(names.snoozes());
        this.rollups = context.getStateStore(names.rollups());
        budgetsByWorkspace.clear();
        context.schedule(RESOLVE_EVERY, PunctuationType.WALL_CLOCK_TIME, this::resolveEndedPeriods);
    }

    @Override
    public void process(Record<String, Object> record) {
        if (record.value() instanceof AcceptedEvent event) {
            onEvent(event);
            return;
        }
        String topic = context.recordMetadata().map(RecordMetadata::topic).orElse("");
        if (topic.equals(Topics.BUDGETS.name())) {
            onBudget(record.key(), (Budget) record.value());
        } else if (topic.equals(Topics.ALERT_SNOOZES.name())) {
            onSnooze(record.key(), (AlertSnooze) record.value());
        }
    }

    private void onEvent(AcceptedEvent event) {
        Instant now = now();
        checkAnomalies(event, now);
        List<Budget> list = budgetsOf(event.workspaceId());
        if (list.isEmpty()) {
            return;
        }
        Instant ts = event.event().ts();
        long cost = -1;
        for (Budget budget : list) {
            Instant start = budget.period().start(now);
            if (ts.isBefore(start) || !ts.isBefore(budget.period().end(now)) || !matches(budget, event)) {
                continue;
            }
            String key = spendKey(budget, start);
            Long spent = spend.get(key);
            if (spent == null) {
                // First event of the period for this budget: the rollups (updated before this
                // processor sees the event) already hold everything so far, this event included.
                spent = spentFromRollups(budget, start, now);
            } else {
                if (cost < 0) {
                    cost = spec.costNanos(event);
                }
                spent += cost;
            }
            spend.put(key, spent);
            apply(budget, spent, now, false);
        }
    }

    /**
     * Spend anomaly and error-rate spike of the event's workspace in the current hour (only events
     * of the current hour can change it). The baseline is read from the hourly rollups once per
     * workspace and hour; the current hour's figures are one read, this event included.
     */
    private void checkAnomalies(AcceptedEvent event, Instant now) {
        long hour = Granularity.HOUR.bucketOf(now);
        if (Granularity.HOUR.bucketOf(event.event().ts()) != hour) {
            return;
        }
        if (hour != baselineHour) {
            baselines.clear();
            raisedThisHour.clear();
            baselineHour = hour;
        }
        String ws = event.workspaceId();
        AnomalyRules.Baseline baseline = baselines.computeIfAbsent(ws, w -> baselineOf(w, hour));
        if (!baseline.usable()) {
            return;
        }
        Rollup current = rollups.get(RollupKeys.key(ws, Granularity.HOUR, RollupKeys.TOTAL, hour, ""));
        if (current == null) {
            return;
        }
        Instant hourStart = Granularity.HOUR.start(hour);
        raiseOnce(AnomalyRules.spendAnomaly(ws, hourStart, baseline, current.costNanos(), current.calls(), now), now);
        raiseOnce(AnomalyRules.errorRateSpike(ws, hourStart, baseline, current.calls(), current.errors(), now), now);
    }

    private AnomalyRules.Baseline baselineOf(String ws, long hour) {
        int n = AnomalyRules.BASELINE_HOURS;
        long[] cost = new long[n];
        long[] calls = new long[n];
        long[] errors = new long[n];
        for (int i = 0; i < n; i++) {
            Rollup r = rollups.get(RollupKeys.key(ws, Granularity.HOUR, RollupKeys.TOTAL, hour - n + i, ""));
            if (r != null) {
                cost[i] = r.costNanos();
                calls[i] = r.calls();
                errors[i] = r.errors();
            }
        }
        return AnomalyRules.Baseline.of(cost, calls, errors);
    }

    /** Publishes an alert unless the same one (same id: type, workspace, hour) exists already. */
    private void raiseOnce(Alert alert, Instant now) {
        if (alert == null || !raisedThisHour.add(alert.key())) {
            return;
        }
        if (alerts.get(alert.key()) == null) {
            publish(alert, now);
        }
    }

    private void onBudget(String key, Budget budget) {
        String workspaceId = Budget.workspaceOf(key);
        if (workspaceId == null) {
            log.warn("Skipping a budget record with a malformed key");
            return;
        }
        budgetsByWorkspace.remove(workspaceId);
        Instant now = now();
        if (budget == null) {
            Budget old = budgets.get(key);
            budgets.delete(key);
            if (old != null) {
                resolveAll(old, now);
            }
            return;
        }
        if (!budget.key().equals(key)) {
            log.warn("Skipping budget {}: its key does not match its workspace and id", budget.id());
            return;
        }
        budgets.put(key, budget);
        // A new or changed budget (same id, maybe another scope or limit): count its current period
        // afresh from the rollups, then evaluate, allowing a raised limit to resolve alerts.
        Instant start = budget.period().start(now);
        long spent = spentFromRollups(budget, start, now);
        spend.put(spendKey(budget, start), spent);
        apply(budget, spent, now, true);
    }

    private void onSnooze(String key, AlertSnooze snooze) {
        if (snooze == null) {
            snoozes.delete(key);
        } else if (Alert.key(snooze.workspaceId(), snooze.alertId()).equals(key)) {
            snoozes.put(key, snooze);
        } else {
            log.warn("Skipping snooze of {}: its key does not match its workspace and alert id", snooze.alertId());
        }
    }

    private void apply(Budget budget, long spentNanos, Instant now, boolean mayResolve) {
        BudgetStatus status = BudgetStatus.of(budget, now, Measures.usdFromNanos(spentNanos));
        Alert threshold = alerts.get(alertKey(budget, AlertType.BUDGET_THRESHOLD, status.periodStart()));
        Alert forecast = alerts.get(alertKey(budget, AlertType.BUDGET_FORECAST, status.periodStart()));
        for (Alert change : BudgetAlertRules.evaluate(status, threshold, forecast, now, mayResolve)) {
            publish(change, now);
        }
    }

    /** A deleted budget's open alerts resolve at once. */
    private void resolveAll(Budget budget, Instant now) {
        for (AlertType type : AlertType.values()) {
            Alert alert = alerts.get(alertKey(budget, type, budget.period().start(now)));
            if (alert != null && alert.status() == AlertStatus.OPEN) {
                publish(BudgetAlertRules.resolve(alert, now, "the budget was deleted"), now);
            }
        }
    }

    /**
     * Resolves open alerts whose period has ended; drops alerts resolved, and period spend started,
     * more than {@link #KEEP} ago.
     */
    private void resolveEndedPeriods(long wallClockMillis) {
        Instant now = Instant.ofEpochMilli(wallClockMillis);
        Instant forgetBefore = now.minus(KEEP);
        List<String> forget = new ArrayList<>();
        List<Alert> ended = new ArrayList<>();
        try (KeyValueIterator<String, Alert> it = alerts.all()) {
            while (it.hasNext()) {
                KeyValue<String, Alert> kv = it.next();
                Alert alert = kv.value;
                // Experiment guardrail alerts have no end: their processor resolves them.
                if (alert.status() == AlertStatus.OPEN
                        && alert.evidence().periodEnd() != null
                        && !alert.evidence().periodEnd().isAfter(now)) {
                    ended.add(alert);
                } else if (alert.status() == AlertStatus.RESOLVED
                        && alert.resolvedAt().isBefore(forgetBefore)) {
                    forget.add(kv.key);
                }
            }
        }
        ended.forEach(alert -> publish(BudgetAlertRules.resolve(alert, now, endedReason(alert)), now));
        forget.forEach(alerts::delete);
        List<String> oldSpend = new ArrayList<>();
        try (KeyValueIterator<String, Long> it = spend.all()) {
            while (it.hasNext()) {
                String key = it.next().key;
                long start = Long.parseLong(key.substring(key.lastIndexOf('\u0000') + 1));
                if (start < forgetBefore.toEpochMilli()) {
                    oldSpend.add(key);
                }
            }
        }
        oldSpend.forEach(spend::delete);
    }

    private static String endedReason(Alert alert) {
        return alert.type() == AlertType.BUDGET_THRESHOLD || alert.type() == AlertType.BUDGET_FORECAST
                ? "the budget period ended"
                : "the hour ended";
    }

    private void publish(Alert alert, Instant now) {
        alerts.put(alert.key(), alert);
        context.forward(new Record<>(alert.workspaceId(), alert, now.toEpochMilli()));
    }

    private List<Budget> budgetsOf(String workspaceId) {
        return budgetsByWorkspace.computeIfAbsent(workspaceId, ws -> LocalBudgetQueries.budgetsOf(budgets, ws));
    }

    private boolean matches(Budget budget, AcceptedEvent event) {
        return !budget.scope().needsValue()
                || budget.scopeValue().equals(spec.valueOf(event, budget.scope().dimension()));
    }

    private long spentFromRollups(Budget budget, Instant start, Instant now) {
        Instant end = budget.period().end(now);
        return LocalBudgetQueries.sumOf(rollups, budget.workspaceId(), budget.scope(), budget.scopeValue(), start, end)
                .costNanos();
    }

    private Instant now() {
        return Instant.ofEpochMilli(context.currentSystemTimeMs());
    }

    private static String spendKey(Budget budget, Instant periodStart) {
        return budget.workspaceId() + '\u0000' + budget.id() + '\u0000' + periodStart.toEpochMilli();
    }

    private static String alertKey(Budget budget, AlertType type, Instant periodStart) {
        return Alert.key(budget.workspaceId(), Alert.idOf(budget.workspaceId(), type, budget.id(), periodStart));
    }
}
