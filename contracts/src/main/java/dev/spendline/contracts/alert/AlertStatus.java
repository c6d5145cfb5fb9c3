package dev.spendline.contracts.alert;

/** OPEN while the condition holds in its period; RESOLVED once the period ended or the cause went away. */
public enum AlertStatus {
    OPEN,
    RESOLVED
}
