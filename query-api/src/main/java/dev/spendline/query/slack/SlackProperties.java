package dev.spendline.query.slack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code spendline.slack.*}: the Slack app's credentials (from its page at api.slack.com), the keys the
 * bot tokens are encrypted with, and Slack's addresses (configurable so tests talk to a local fake).
 * With no client id, secret and signing secret the app is off: {@code /slack/**} answers 404 and
 * settings say the operator has not configured it. Half a configuration stops the start-up.
 *
 * @param clientId the app's client id
 * @param clientSecret the app's client secret
 * @param signingSecret the secret Slack signs every request with
 * @param tokenEncryptionKeys key id to a base64 AES key (16, 24 or 32 bytes); old ids stay for rotation
 * @param tokenEncryptionKeyId the id of the key new tokens are encrypted with
 * @param command the slash command, as in the manifest
 * @param apiUrl the Web API's address ({@code oauth.v2.access}, {@code chat.postMessage}, {@code auth.revoke})
 * @param authorizeUrl the page that asks the Slack user to approve the app
 */
@ConfigurationProperties("spendline.slack")
public record SlackProperties(
        String clientId,
        String clientSecret,
        String signingSecret,
        Map<String, String> tokenEncryptionKeys,
        String tokenEncryptionKeyId,
        @DefaultValue("/spendline") String command,
        @DefaultValue("https://slack.com/api/") String apiUrl,
        @DefaultValue("https://slack.com/oauth/v2/authorize") String authorizeUrl) {

    /** The bot scopes asked for, exactly the manifest's. */
    /** The {@code *:history} scopes read a thread for the context of its last answer (follow-ups). */
    public static final String SCOPES =
            "commands,app_mentions:read,chat:write,channels:history,groups:history,im:history,mpim:history";

    public SlackProperties {
        tokenEncryptionKeys = tokenEncryptionKeys == null ? Map.of() : Map.copyOf(tokenEncryptionKeys);
        List<String> missing = new ArrayList<>();
        if (blank(clientId)) {
            missing.add("client-id");
        }
        if (blank(clientSecret)) {
            missing.add("client-secret");
        }
        if (blank(signingSecret)) {
            missing.add("signing-secret");
        }
        if (tokenEncryptionKeys.isEmpty()) {
            // The name people guess from the others (…_TOKEN_ENCRYPTION_KEYS_K1) does not bind to a map.
            missing.add(
                    "token-encryption-keys.<id> (as an environment variable SPENDLINE_SLACK_TOKENENCRYPTIONKEYS_<ID>)");
        }
        if (blank(tokenEncryptionKeyId) || !tokenEncryptionKeys.containsKey(tokenEncryptionKeyId)) {
            missing.add("token-encryption-key-id (naming one of token-encryption-keys)");
        }
        // Either all of it or none of it: a half-configured app would accept installs it cannot serve.
        if (!blank(clientId) || !blank(clientSecret) || !blank(signingSecret)) {
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException(
                        "spendline.slack is partly configured; also set spendline.slack." + String.join(", ", missing));
            }
        }
        apiUrl = apiUrl.endsWith("/") ? apiUrl : apiUrl + "/";
    }

    /** Whether the operator configured the app; otherwise every Slack endpoint is 404. */
    public boolean configured() {
        return !blank(clientId);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
