package dev.spendline.controlplane.oauth;

import java.time.Instant;

/**
 * One grant a user gave an OAuth client, bound to one workspace, as listed in settings.
 *
 * @param id the authorization's id (also the credential id of requests made with its tokens)
 * @param clientName the name the client registered with
 * @param userEmail who authorized it
 * @param lastUsedAt when one of its access tokens last reached the MCP endpoint; null if never
 */
public record OAuthGrant(
        String id,
        String workspaceId,
        String userId,
        String userEmail,
        String clientId,
        String clientName,
        Instant createdAt,
        Instant lastUsedAt) {}
