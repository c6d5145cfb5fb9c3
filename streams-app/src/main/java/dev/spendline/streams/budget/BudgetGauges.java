package dev.spendline.streams.budget;

import dev.spendline.contracts.budget.BudgetStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Each budget's used and forecast ratio as gauges, labelled {@code workspace} and {@code budget}
 * (the budget id): {@code spendline_budget_used_ratio} (spend so far ÷ limit; 1 is the limit) and
 * {@code spendline_budget_forecast_ratio} (the run-rate forecast ÷ limit; no series before a tenth of
 * the period has passed, as there is no forecast yet). {@link #show} replaces every series at once:
 * a budget that is no longer given (deleted, or its task moved to another instance) loses its series.
 */
public final class BudgetGauges {

    public static final String USED = "spendline.budget.used.ratio";
    public static final String FORECAST = "spendline.budget.forecast.ratio";

    private final MultiGauge used;
    private final MultiGauge forecast;

    public BudgetGauges(MeterRegistry registry) {
        this.used = MultiGauge.builder(USED)
                .description("Spend of the budget's current period divided by its limit (1 = the limit)")
                .register(registry);
        this.forecast = MultiGauge.builder(FORECAST)
                .description("Run-rate forecast of the budget's current period divided by its limit;"
                        + " absent before a tenth of the period")
                .register(registry);
    }

    /** The figures of these budgets, and no others. */
    public void show(List<BudgetStatus> statuses) {
        used.register(rows(statuses, BudgetStatus::spentUsd), true);
        forecast.register(rows(statuses, BudgetStatus::forecastUsd), true);
    }

    /** No budget at all, e.g. when this instance stops. */
    public void clear() {
        show(List.of());
    }

    private static List<MultiGauge.Row<?>> rows(
            List<BudgetStatus> statuses, Function<BudgetStatus, BigDecimal> amount) {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (BudgetStatus status : statuses) {
            BigDecimal figure = amount.apply(status);
            if (figure != null) {
                rows.add(MultiGauge.Row.of(
                        tags(status), ratio(figure, status.budget().limitUsd())));
            }
        }
        return rows;
    }

    static Tags tags(BudgetStatus status) {
        return Tags.of(
                "workspace",
                status.budget().workspaceId(),
                "budget",
                status.budget().id());
    }

    /** Exact figures divided once, to a double for the gauge (limits are above zero). */
    static double ratio(BigDecimal amount, BigDecimal limit) {
        return amount.divide(limit, MathContext.DECIMAL64).doubleValue();
    }
}
