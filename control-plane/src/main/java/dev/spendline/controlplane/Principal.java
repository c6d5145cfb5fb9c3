package dev.spendline.controlplane;

import dev.spendline.controlplane.workspaces.Plan;
import java.util.Objects;

/**
 * Who a request is: the workspace it acts for, the credential it authenticated with, and that
 * workspace's plan. Every surface (REST and the CLI with an API key, MCP with an OAuth grant, the
 * dashboard with a session, Slack with an installation) ends in one of these; the workspace comes
 * from the credential, never from the request.
 */
public record Principal(String workspaceId, Credential credential, Plan plan) {

    public Principal {
        Objects.requireNonNull(workspaceId, "workspaceId");
        Objects.requireNonNull(credential, "credential");
        Objects.requireNonNull(plan, "plan");
    }

    /** A principal authenticated with the workspace API key {@code keyId}. */
    public static Principal apiKey(String workspaceId, String keyId, Plan plan) {
        return new Principal(workspaceId, Credential.apiKey(keyId), plan);
    }
}
