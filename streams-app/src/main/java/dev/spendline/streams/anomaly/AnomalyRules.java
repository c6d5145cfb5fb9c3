package dev.spendline.streams.anomaly;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.money.MoneyText;
import dev.spendline.contracts.query.Measures;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/**
 * Spend anomalies and error-rate spikes of a workspace's current hour against its trailing
 * baseline, without any Kafka. Rules (also in docs/alerts.md):
 *
 * <ul>
 *   <li><b>Baseline</b>: the 168 whole hours (7 days) before the current hour. At least 24 of them
 *       must have had calls, or there is no baseline and no alert.
 *   <li><b>SPEND_ANOMALY</b> (WARNING): the hour's spend is at least 1 USD and at least the larger
 *       of mean + 3 standard deviations and 2 × mean of the baseline's hourly spend (hours without
 *       calls count as 0).
 *   <li><b>ERROR_RATE_SPIKE</b>: at least 20 calls in the hour, and their error rate is at least
 *       the larger of 3 × and 10 percentage points above the baseline's error rate (errors / calls
 *       over the 7 days); CRITICAL from 50 %, WARNING below.
 * </ul>
 *
 * Each is raised at most once per workspace and hour, and resolves when the hour ends.
 */
public final class AnomalyRules {

    public static final int BASELINE_HOURS = 168;
    static final int MIN_HOURS_WITH_CALLS = 24;
    static final long MIN_ANOMALY_NANOS = 1_000_000_000L;
    static final long MIN_CALLS_FOR_ERROR_RATE = 20;
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private AnomalyRules() {}

    /** The trailing figures of one workspace for one hour; null mean when there is too little history. */
    public record Baseline(double meanNanos, double stdNanos, long calls, long errors, int hoursWithCalls) {

        public static Baseline of(long[] hourlyCostNanos, long[] hourlyCalls, long[] hourlyErrors) {
            double sum = 0;
            long calls = 0;
            long errors = 0;
            int withCalls = 0;
            for (int i = 0; i < hourlyCostNanos.length; i++) {
                sum += hourlyCostNanos[i];
                calls += hourlyCalls[i];
                errors += hourlyErrors[i];
                if (hourlyCalls[i] > 0) {
                    withCalls++;
                }
            }
            double mean = sum / hourlyCostNanos.length;
            double squares = 0;
            for (long c : hourlyCostNanos) {
                squares += (c - mean) * (c - mean);
            }
            return new Baseline(mean, Math.sqrt(squares / hourlyCostNanos.length), calls, errors, withCalls);
        }

        public boolean usable() {
            return hoursWithCalls >= MIN_HOURS_WITH_CALLS;
        }

        /** The hourly spend from which an hour is an anomaly, in nano-dollars. */
        long spendThresholdNanos() {
            return (long) Math.ceil(Math.max(Math.max(meanNanos + 3 * stdNanos, 2 * meanNanos), MIN_ANOMALY_NANOS));
        }

        BigDecimal errorRatePercent() {
            return calls == 0 ? BigDecimal.ZERO : percent(errors, calls);
        }
    }

    public static Alert spendAnomaly(String ws, Instant hour, Baseline b, long hourCostNanos, long calls, Instant now) {
        if (!b.usable() || hourCostNanos < b.spendThresholdNanos()) {
            return null;
        }
        BigDecimal spent = Measures.usdFromNanos(hourCostNanos);
        BigDecimal baseline = Measures.usdFromNanos(Math.round(b.meanNanos()));
        BigDecimal threshold = Measures.usdFromNanos(b.spendThresholdNanos());
        return open(
                ws,
                AlertType.SPEND_ANOMALY,
                AlertSeverity.WARNING,
                hour,
                now,
                String.format(
                        "Spend in the hour from %s is %s, above the anomaly threshold of %s (the last 7 days"
                                + " averaged %s an hour).",
                        hour, MoneyText.usd(spent), MoneyText.usd(threshold), MoneyText.usd(baseline)),
                AlertEvidence.ofSpendAnomaly(hour, spent, baseline, threshold, calls));
    }

    public static Alert errorRateSpike(String ws, Instant hour, Baseline b, long calls, long errors, Instant now) {
        if (!b.usable() || calls < MIN_CALLS_FOR_ERROR_RATE) {
            return null;
        }
        BigDecimal rate = percent(errors, calls);
        BigDecimal base = b.errorRatePercent();
        BigDecimal needed = base.multiply(BigDecimal.valueOf(3)).max(base.add(BigDecimal.TEN));
        if (rate.compareTo(needed) < 0) {
            return null;
        }
        return open(
                ws,
                AlertType.ERROR_RATE_SPIKE,
                rate.compareTo(BigDecimal.valueOf(50)) >= 0 ? AlertSeverity.CRITICAL : AlertSeverity.WARNING,
                hour,
                now,
                String.format(
                        "%s %% of the calls in the hour from %s failed (%d of %d); over the last 7 days %s %% did.",
                        rate.toPlainString(), hour, errors, calls, base.toPlainString()),
                AlertEvidence.ofErrorRateSpike(hour, calls, errors, rate, base));
    }

    private static Alert open(
            String ws,
            AlertType type,
            AlertSeverity severity,
            Instant hour,
            Instant now,
            String message,
            AlertEvidence e) {
        return new Alert(
                Alert.SCHEMA_VERSION,
                ws,
                Alert.idOf(ws, type, "workspace", hour),
                type,
                severity,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                now,
                now,
                null,
                message,
                e);
    }

    private static BigDecimal percent(long part, long whole) {
        return BigDecimal.valueOf(part).multiply(HUNDRED).divide(BigDecimal.valueOf(whole), 1, RoundingMode.HALF_UP);
    }
}
