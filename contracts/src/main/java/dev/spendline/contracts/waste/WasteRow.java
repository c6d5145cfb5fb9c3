package dev.spendline.contracts.waste;

import java.math.BigDecimal;

/**
 * Waste of one kind (and, in a report by a dimension, one value of it; null for calls that do not
 * name one).
 */
public record WasteRow(WasteKind kind, String value, BigDecimal costUsd, long calls) {}
