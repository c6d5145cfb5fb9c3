package dev.spendline.contracts.alert;

/** What an alert is about; the rules for each are in docs/alerts.md. */
public enum AlertType {
    /** A budget's spend in its current period reached 50, 80 or 100 % of its limit. */
    BUDGET_THRESHOLD,
    /** A budget's run-rate forecast for its current period is above its limit. */
    BUDGET_FORECAST,
    /** The workspace's spend in the current hour is far above its trailing 7-day hourly baseline. */
    SPEND_ANOMALY,
    /** The share of failed calls in the current hour is far above the trailing 7-day share. */
    ERROR_RATE_SPIKE,
    /**
     * A shadow guardrail would have stopped a variant of an experiment: its cost per successful
     * call is too far above the control's. Nothing was blocked (guardrails run in shadow mode).
     */
    EXPERIMENT_GUARDRAIL
}
