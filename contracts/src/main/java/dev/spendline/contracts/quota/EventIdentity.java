package dev.spendline.contracts.quota;

/** The workspace-scoped identity of a product event: its {@code (source, externalId)} pair. */
public record EventIdentity(String source, String externalId) {}
