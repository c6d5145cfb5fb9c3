package dev.spendline.query.slack;

import java.util.Map;

/**
 * What settings say about an error Slack gave for the alert channel: what happened and what to do.
 * Slack's own error codes are those of {@code chat.postMessage} and {@code chat.update}; the last two
 * are Spendline's own ({@link SlackAlertPoster#UNAVAILABLE}, {@link SlackAlertsConfiguration#QUEUE_FULL}).
 */
final class SlackAlertErrors {

    private static final String RECONNECT = " An owner or admin disconnects Slack and adds it again.";

    private static final Map<String, String> EXPLAINED = Map.of(
            "not_in_channel",
            "Spendline is not a member of the channel. Invite it there (/invite @Spendline in the channel), then"
                    + " alerts are posted again.",
            "channel_not_found",
            "Slack does not know the channel: it was deleted, the id is wrong, or it is a private channel"
                    + " Spendline was not invited to.",
            "is_archived",
            "The channel is archived. Choose another channel.",
            "invalid_auth",
            "Slack no longer accepts Spendline's token." + RECONNECT,
            "token_revoked",
            "Spendline's token in Slack was revoked." + RECONNECT,
            "account_inactive",
            "Spendline's token in Slack was revoked." + RECONNECT,
            "missing_scope",
            "The Slack app lacks the chat:write permission (installed before it was asked for)." + RECONNECT,
            SlackAlertPoster.UNAVAILABLE,
            "Slack could not be reached or kept failing for longer than Spendline retries, so an alert was not"
                    + " posted. Later alerts are tried again.",
            SlackAlertsConfiguration.QUEUE_FULL,
            "More alerts came in than Slack took, so some were not posted. Later alerts are tried again.");

    private SlackAlertErrors() {}

    static String explain(String error) {
        if (error == null) {
            return null;
        }
        return EXPLAINED.getOrDefault(error, "Slack refused the last alert message (" + error + ").");
    }
}
