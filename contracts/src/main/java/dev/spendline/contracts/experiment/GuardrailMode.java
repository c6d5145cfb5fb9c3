package dev.spendline.contracts.experiment;

/**
 * How a guardrail acts. Only {@link #SHADOW} exists: the guardrail is evaluated on every event of
 * its experiment and records what it would have done, but never blocks or reroutes anything.
 */
public enum GuardrailMode {
    SHADOW
}
