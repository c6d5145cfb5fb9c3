package dev.spendline.contracts.budget;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;

/**
 * One budget in its current period.
 *
 * @param percentUsed spent / limit, in percent with one decimal (can pass 100)
 * @param forecastUsd run-rate forecast of the spend at period end: spent / elapsed × period length,
 *     rounded to cents; null until a tenth of the period has passed (earlier, a run rate is mostly
 *     noise: one large call in the first hour would forecast a month of them)
 */
public record BudgetStatus(
        Budget budget,
        Instant periodStart,
        Instant periodEnd,
        BigDecimal spentUsd,
        BigDecimal percentUsed,
        BigDecimal forecastUsd,
        BudgetState state) {

    /** From this share of the limit on, a budget is in WARNING. */
    public static final BigDecimal WARNING_PERCENT = new BigDecimal("80");

    private static final BigDecimal HUNDRED = new BigDecimal("100");

    /** The status of {@code budget} at {@code asOf}, given the spend so far in that period. */
    public static BudgetStatus of(Budget budget, Instant asOf, BigDecimal spentUsd) {
        Instant start = budget.period().start(asOf);
        Instant end = budget.period().end(asOf);
        BigDecimal percent = spentUsd.multiply(HUNDRED).divide(budget.limitUsd(), 1, RoundingMode.HALF_UP);
        BigDecimal forecast = forecast(spentUsd, start, end, asOf);
        BudgetState state;
        if (spentUsd.compareTo(budget.limitUsd()) >= 0) {
            state = BudgetState.EXCEEDED;
        } else if (percent.compareTo(WARNING_PERCENT) >= 0
                || (forecast != null && forecast.compareTo(budget.limitUsd()) > 0)) {
            state = BudgetState.WARNING;
        } else {
            state = BudgetState.OK;
        }
        return new BudgetStatus(budget, start, end, spentUsd, percent, forecast, state);
    }

    static BigDecimal forecast(BigDecimal spent, Instant start, Instant end, Instant asOf) {
        long length = Duration.between(start, end).toMillis();
        long elapsed = Duration.between(start, asOf).toMillis();
        if (elapsed * 10 < length) {
            return null;
        }
        return spent.multiply(BigDecimal.valueOf(length)).divide(BigDecimal.valueOf(elapsed), 2, RoundingMode.HALF_UP);
    }
}
