package dev.spendline.controlplane.accounts;

import java.time.Instant;

/** A user's membership of one workspace, as the members page lists it. */
public record Member(String userId, String email, String displayName, Role role, Instant since) {}
