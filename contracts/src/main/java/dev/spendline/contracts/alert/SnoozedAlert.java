package dev.spendline.contracts.alert;

import java.time.Instant;

/** An open alert hidden from {@code active_alerts} until {@code until}, and why. */
public record SnoozedAlert(Alert alert, Instant until, String reason, String snoozedBy) {}
