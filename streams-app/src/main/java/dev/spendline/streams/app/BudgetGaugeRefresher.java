package dev.spendline.streams.app;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.StoreNames;
import dev.spendline.streams.budget.BudgetGauges;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.streams.query.RollupStoreLocator;
import dev.spendline.streams.rollup.Rollup;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Refreshes the {@link BudgetGauges} every {@code interval} from this instance's stores, off the
 * stream threads: the budgets of the tasks this instance runs (active ones only: a standby's figures
 * are another instance's to report), each read like {@code budget_status}. The topology's per-event
 * work is untouched. While Kafka Streams is not running or its stores are moving (a rebalance) the
 * last figures stay until a read succeeds; then budgets whose task moved away lose their series.
 */
final class BudgetGaugeRefresher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(BudgetGaugeRefresher.class);

    private final KafkaStreams streams;
    private final BudgetGauges gauges;
    private final Clock clock;
    private final Duration interval;
    private ScheduledExecutorService timer;

    BudgetGaugeRefresher(KafkaStreams streams, BudgetGauges gauges, Clock clock, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(
                    "spendline.metrics.budget-gauges.interval must be above zero, was " + interval);
        }
        this.streams = streams;
        this.gauges = gauges;
        this.clock = clock;
        this.interval = interval;
    }

    /** One refresh; false when the stores could not be read this time (the gauges keep their figures). */
    boolean refresh() {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            return false;
        }
        try {
            ReadOnlyKeyValueStore<String, Budget> budgets = store(StoreNames.BUDGETS);
            ReadOnlyKeyValueStore<String, Rollup> rollups = store(StoreNames.PRODUCT_ROLLUPS);
            gauges.show(LocalBudgetQueries.statusOfEvery(budgets, productRollups(rollups), clock));
            return true;
        } catch (InvalidStateStoreException e) {
            log.debug("Budget gauges not refreshed: stores are moving ({})", e.getMessage());
            return false;
        }
    }

    private <V> ReadOnlyKeyValueStore<String, V> store(String name) {
        // No partition: every active task's store of that name on this instance, as one.
        return streams.store(
                StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }

    private static RollupStoreLocator productRollups(ReadOnlyKeyValueStore<String, Rollup> rollups) {
        return new RollupStoreLocator() {
            @Override
            public ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind usage, String workspaceId) {
                return rollups; // budgets read product usage only
            }

            @Override
            public ReadOnlyKeyValueStore<Bytes, byte[]> combinations(UsageKind usage, String workspaceId) {
                return null;
            }
        };
    }

    @Override
    public synchronized void start() {
        timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "budget-gauges");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(
                () -> {
                    try {
                        refresh();
                    } catch (RuntimeException e) {
                        // A failed read must not end the schedule: the next one may succeed.
                        log.warn("Budget gauges not refreshed", e);
                    }
                },
                0,
                interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
        gauges.clear();
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }
}
