package dev.spendline.controlplane.accounts;

import java.time.Instant;

/** An invitation by link to join a workspace with a role; the link's token is never stored. */
public record Invitation(
        String id,
        String workspaceId,
        Role role,
        String createdBy,
        Instant createdAt,
        Instant expiresAt,
        String acceptedBy,
        Instant acceptedAt,
        Instant revokedAt) {

    /** Whether the link still admits someone at {@code now}. */
    public boolean open(Instant now) {
        return acceptedAt == null && revokedAt == null && now.isBefore(expiresAt);
    }
}
