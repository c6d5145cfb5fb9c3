/** Workspaces: the tenant boundary every other record belongs to, and its {@link dev.spendline.controlplane.workspaces.Plan}. */
package dev.spendline.controlplane.workspaces;
