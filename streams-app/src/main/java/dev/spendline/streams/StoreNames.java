package dev.spendline.streams;

/** Names of state stores and processors: stable, since changelog topics are named after them. */
public final class StoreNames {
    public static final String DEDUPE_EVENTS = "dedupe-events";
    public static final String DEDUPE_USAGE = "dedupe-internal-usage";
    public static final String PRODUCT_ROLLUPS = "product-rollups";
    public static final String INTERNAL_ROLLUPS = "internal-rollups";
    /** Product usage's combinations of every dimension, in per-commit blocks ({@code CombinationBlockStore}). */
    public static final String PRODUCT_COMBINATIONS = "product-combinations";
    /** Revenue in nano-dollars by {@code RevenueKeys}. */
    public static final String REVENUE = "revenue";
    /** Budget definitions by {@code Budget.key}. */
    public static final String BUDGETS = "budgets";
    /** Spend in nano-dollars per budget and period start, kept for the alert rules. */
    public static final String BUDGET_SPEND = "budget-spend";
    /** Alerts by {@code Alert.key}, open and recently resolved. */
    public static final String ALERTS = "alerts";
    /** Accepted (deduplicated) events per workspace and month of receipt, for the quota. */
    public static final String QUOTA_USAGE = "quota-usage";
    /** Waste rollups (see {@code WasteKeys}). */
    public static final String WASTE_ROLLUPS = "waste-rollups";
    /**
     * Run steps that succeeded, one window per step: written up to layout 4, now only read, so that
     * an upgraded instance still finds the steps it holds ({@code LegacySucceededSteps}).
     */
    public static final String SUCCEEDED_STEPS = "succeeded-steps";
    /** Run steps that succeeded, per run and bucket of event time, for duplicate-step waste. */
    public static final String SUCCEEDED_RUN_STEPS = "succeeded-run-steps";
    /** Runs so far, for runaway-run waste (see {@code RunTracker}). */
    public static final String RUN_STATES = "run-states";
    /** Per workflow and day: runs started, their cost and calls (see {@code RunTracker}). */
    public static final String WORKFLOW_DAYS = "workflow-days";
    /** Snoozes by {@code Alert.key}. */
    public static final String ALERT_SNOOZES = "alert-snoozes";

    /** Counts per experiment variant (see {@code ExperimentKeys}). */
    public static final String EXPERIMENT_STATS = "experiment-stats";
    /** Experiment guardrails by {@code ExperimentGuardrail.key}. */
    public static final String GUARDRAILS = "guardrails";
    /** Shadow decisions per guardrail and variant (see {@code ExperimentKeys}). */
    public static final String GUARDRAIL_DECISIONS = "guardrail-decisions";

    /** Dead letters per workspace ({@code DeadLetterCount}), see {@code DeadLetterCounter}. */
    public static final String DEAD_LETTER_COUNTS = "dead-letter-counts";

    static final String EVENTS_DOOR = "events-door";
    static final String USAGE_DOOR = "internal-usage-door";
    static final String DEAD_LETTERS_SOURCE = "dead-letters-source";
    static final String DEAD_LETTERS_COUNT = "dead-letters-count";
    static final String GUARDRAILS_SOURCE = "guardrails-source";
    static final String EXPERIMENTS = "experiments";
    static final String EVENTS_SOURCE = "events-source";
    static final String EVENTS_DEDUPE = "events-dedupe";
    static final String EVENTS_ROLLUP = "events-rollup";
    static final String USAGE_SOURCE = "internal-usage-source";
    static final String USAGE_DEDUPE = "internal-usage-dedupe";
    static final String USAGE_ROLLUP = "internal-usage-rollup";
    static final String REVENUE_SOURCE = "revenue-source";
    static final String REVENUE_STORE = "revenue-store";
    static final String BUDGETS_SOURCE = "budgets-source";
    static final String EVENTS_QUOTA = "events-quota";
    static final String EVENTS_WASTE = "events-waste";
    static final String SNOOZES_SOURCE = "alert-snoozes-source";
    static final String BUDGET_ALERTS = "budget-alerts";
    static final String ALERTS_SINK = "alerts-sink";

    private StoreNames() {}
}
