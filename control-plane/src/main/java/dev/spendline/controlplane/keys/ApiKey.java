package dev.spendline.controlplane.keys;

import java.time.Instant;

/**
 * Stored metadata of an API key. Deliberately carries neither the secret nor its hash, so it is safe to show
 * in listings and logs.
 *
 * @param prefix first characters of the secret, for humans to tell keys apart
 * @param lastUsedAt approximate: updated at most once per authentication-cache load, {@code null} if never
 * @param revokedAt {@code null} while the key is active
 */
public record ApiKey(
        String id,
        String workspaceId,
        String name,
        String prefix,
        Instant createdAt,
        Instant lastUsedAt,
        Instant revokedAt) {

    /** Whether the key has been revoked and must no longer authenticate. */
    public boolean revoked() {
        return revokedAt != null;
    }
}
