package dev.spendline.controlplane.workspaces;

import java.time.Instant;

/** A tenant: every API key and every recorded cost belongs to exactly one workspace. */
public record Workspace(String id, String name, Plan plan, Instant createdAt) {}
