package dev.spendline.contracts.compare;

/**
 * A compared period as its report covered it: instants ({@code 2026-11-01T00:00:00Z}, end
 * excluded) for spend, months ({@code 2026-10}, both included) for margins.
 */
public record ComparePeriod(String from, String to) {}
