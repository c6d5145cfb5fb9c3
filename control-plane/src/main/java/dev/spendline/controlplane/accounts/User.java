package dev.spendline.controlplane.accounts;

import java.time.Instant;

/** A person who signs in to the dashboard; {@code email} is lower-cased. */
public record User(String id, String email, String displayName, Instant createdAt) {}
