package dev.spendline.controlplane.slack;

import java.time.Instant;

/**
 * A Slack team bound to a Spendline workspace. The bot token is held only as {@code botTokenCiphertext},
 * encrypted by the caller with the key named {@code tokenKeyId}; this module never sees it in plain text.
 */
public record SlackInstallation(
        String teamId,
        String workspaceId,
        String teamName,
        String enterpriseId,
        String appId,
        String botUserId,
        String botId,
        String botScopes,
        String botTokenCiphertext,
        String tokenKeyId,
        String installedBy,
        Instant installedAt) {}
