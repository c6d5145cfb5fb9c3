package dev.spendline.controlplane.actions;

import java.time.Instant;

/**
 * One prepared write action as stored. Carries neither the confirmation token nor its hash, so it is safe to
 * log and show.
 *
 * @param credentialId the API key id (later also an OAuth grant id) that prepared it and alone may confirm it
 * @param arguments canonical JSON of what confirm executes
 * @param phrase the exact phrase confirm must repeat
 * @param result JSON: the action's result when {@link PreparedActionStatus#SUCCEEDED}, {@code {code, detail}}
 *     when {@link PreparedActionStatus#FAILED}, otherwise null
 * @param executedAt when the execution that produced the result (or is running) started; null before
 */
public record PreparedAction(
        String id,
        String workspaceId,
        String credentialId,
        String action,
        String arguments,
        String summary,
        String phrase,
        Instant createdAt,
        Instant expiresAt,
        PreparedActionStatus status,
        String result,
        Instant executedAt) {

    /** Whether the confirmation window has closed at {@code now} (the expiry instant itself is too late). */
    public boolean expiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
