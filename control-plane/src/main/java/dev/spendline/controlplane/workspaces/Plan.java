package dev.spendline.controlplane.workspaces;

/** Billing plan of a workspace; stored by name, so constants must never be renamed. */
public enum Plan {
    FREE,
    TEAM
}
