package dev.spendline.contracts.alert;

/** How urgent an alert is: INFO (worth knowing), WARNING (act soon), CRITICAL (act now). */
public enum AlertSeverity {
    INFO,
    WARNING,
    CRITICAL
}
