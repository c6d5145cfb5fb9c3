package dev.spendline.controlplane;

/** Who a request is: the workspace it acts for, the key it authenticated with, and that workspace's plan. */
public record Principal(String workspaceId, String keyId, Plan plan) {}
