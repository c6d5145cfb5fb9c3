package dev.spendline.controlplane.accounts;

import dev.spendline.controlplane.workspaces.Plan;

/** One of a user's workspaces, with what a signed-in request needs of it. */
public record Membership(String workspaceId, String workspaceName, Plan plan, Role role) {}
