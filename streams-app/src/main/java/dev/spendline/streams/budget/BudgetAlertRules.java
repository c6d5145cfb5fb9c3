package dev.spendline.streams.budget;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.money.MoneyText;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The budget alert rules, without any Kafka: given a budget, its spend so far in the current
 * period, and the alerts it already has, which alerts open, change or resolve. Rules (also in
 * docs/alerts.md):
 *
 * <ul>
 *   <li>BUDGET_THRESHOLD, one per budget and period: opens when spend reaches 50 % of the limit
 *       (INFO), is updated when it reaches 80 % (WARNING) and 100 % (CRITICAL). It never goes back
 *       to a lower threshold; it resolves when the period ends, when the budget is deleted, or when
 *       a raised limit puts the spend below 50 %.
 *   <li>BUDGET_FORECAST, one per budget and period: opens (WARNING) when the run-rate forecast
 *       is above the limit while the spend is still below it; resolves when the period ends, the
 *       budget is deleted, or a raised limit is above the forecast.
 * </ul>
 */
final class BudgetAlertRules {

    static final int[] THRESHOLDS = {50, 80, 100};

    private BudgetAlertRules() {}

    /** The highest threshold (percent) that {@code spent} reached, or 0. */
    static int thresholdReached(BigDecimal spent, BigDecimal limit) {
        int reached = 0;
        for (int t : THRESHOLDS) {
            if (spent.multiply(BigDecimal.valueOf(100)).compareTo(limit.multiply(BigDecimal.valueOf(t))) >= 0) {
                reached = t;
            }
        }
        return reached;
    }

    static AlertSeverity severityOf(int threshold) {
        return switch (threshold) {
            case 100 -> AlertSeverity.CRITICAL;
            case 80 -> AlertSeverity.WARNING;
            default -> AlertSeverity.INFO;
        };
    }

    /**
     * The alert changes that {@code status} calls for, given the budget's current threshold and
     * forecast alerts for the period (null when there are none).
     *
     * @param mayResolve true when the budget itself changed (a raised limit may resolve alerts);
     *     new spend alone never resolves anything, it only adds
     */
    static List<Alert> evaluate(BudgetStatus status, Alert threshold, Alert forecast, Instant now, boolean mayResolve) {
        Budget budget = status.budget();
        List<Alert> changes = new ArrayList<>();
        int reached = thresholdReached(status.spentUsd(), budget.limitUsd());
        int previous = threshold == null ? 0 : threshold.evidence().thresholdPercent();
        if (reached > 0 && threshold == null) {
            changes.add(open(status, AlertType.BUDGET_THRESHOLD, severityOf(reached), reached, now));
        } else if (threshold != null && threshold.status() == AlertStatus.OPEN) {
            if (reached > previous) {
                changes.add(update(threshold, status, severityOf(reached), reached, now));
            } else if (mayResolve && reached == 0) {
                changes.add(resolve(threshold, now, "the limit was raised above the spend"));
            }
        }
        boolean overForecast = status.forecastUsd() != null
                && status.forecastUsd().compareTo(budget.limitUsd()) > 0
                && status.spentUsd().compareTo(budget.limitUsd()) < 0;
        if (overForecast && forecast == null) {
            changes.add(open(status, AlertType.BUDGET_FORECAST, AlertSeverity.WARNING, null, now));
        } else if (forecast != null
                && forecast.status() == AlertStatus.OPEN
                && mayResolve
                && (status.forecastUsd() == null || status.forecastUsd().compareTo(budget.limitUsd()) <= 0)) {
            changes.add(resolve(forecast, now, "the limit was raised above the forecast"));
        }
        return changes;
    }

    static Alert open(BudgetStatus status, AlertType type, AlertSeverity severity, Integer threshold, Instant now) {
        Budget b = status.budget();
        return new Alert(
                Alert.SCHEMA_VERSION,
                b.workspaceId(),
                Alert.idOf(b.workspaceId(), type, b.id(), status.periodStart()),
                type,
                severity,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                b.scope(),
                b.scopeValue(),
                now,
                now,
                null,
                message(type, status, threshold),
                evidence(status, threshold));
    }

    static Alert update(Alert alert, BudgetStatus status, AlertSeverity severity, int threshold, Instant now) {
        return new Alert(
                alert.schemaVersion(),
                alert.workspaceId(),
                alert.id(),
                alert.type(),
                severity,
                AlertStatus.OPEN,
                AlertChange.UPDATED,
                alert.scope(),
                alert.scopeValue(),
                alert.openedAt(),
                now,
                null,
                message(alert.type(), status, threshold),
                evidence(status, threshold));
    }

    static Alert resolve(Alert alert, Instant now, String why) {
        return alert.resolved(now, why, alert.evidence());
    }

    private static String message(AlertType type, BudgetStatus status, Integer threshold) {
        Budget b = status.budget();
        String scope = b.scopeValue() == null
                ? "the whole workspace"
                : b.scope().name().toLowerCase(java.util.Locale.ROOT) + " " + b.scopeValue();
        String period = b.period().name().toLowerCase(java.util.Locale.ROOT);
        if (type == AlertType.BUDGET_THRESHOLD) {
            return String.format(
                    "Budget \"%s\" (%s, %s) has used %s%% of its %s limit: %s spent (threshold %d %%).",
                    b.name(),
                    scope,
                    period,
                    status.percentUsed().toPlainString(),
                    MoneyText.usd(b.limitUsd()),
                    MoneyText.usd(status.spentUsd()),
                    threshold);
        }
        return String.format(
                "Budget \"%s\" (%s, %s) is on course to exceed its %s limit: %s forecast for the period, %s spent so far.",
                b.name(),
                scope,
                period,
                MoneyText.usd(b.limitUsd()),
                MoneyText.usd(status.forecastUsd()),
                MoneyText.usd(status.spentUsd()));
    }

    private static AlertEvidence evidence(BudgetStatus status, Integer threshold) {
        Budget b = status.budget();
        return AlertEvidence.ofBudget(
                b.id(),
                b.name(),
                b.limitUsd(),
                status.spentUsd(),
                status.percentUsed(),
                status.forecastUsd(),
                threshold,
                status.periodStart(),
                status.periodEnd());
    }
}
