package dev.spendline.contracts.query;

/** One value of the grouping dimension, e.g. the feature {@code search}, with its measures. */
public record SpendRow(String value, Measures measures) {}
