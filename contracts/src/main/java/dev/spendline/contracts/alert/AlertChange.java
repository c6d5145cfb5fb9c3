package dev.spendline.contracts.alert;

/** What happened to an alert in the record published on {@code spendline.alerts.v1}. */
public enum AlertChange {
    OPENED,
    UPDATED,
    RESOLVED
}
