package dev.spendline.query.slack;

import dev.spendline.controlplane.support.SealedSecrets;
import java.util.Map;

/**
 * Bot tokens encrypted at rest ({@link SealedSecrets}: AES-GCM, the Slack team id as associated data, so
 * a ciphertext copied to another team's row does not decrypt), written as {@code v1:<key id>:<base64
 * nonce+ciphertext>}. New tokens use the current key; older ones name the key they were encrypted with, so
 * keys rotate by adding a new one and keeping the old until every token was re-encrypted or re-installed
 * (docs/slack.md).
 */
final class SlackTokenCipher {

    private final SealedSecrets sealed;

    SlackTokenCipher(Map<String, String> base64Keys, String currentKeyId) {
        this.sealed = new SealedSecrets(
                "spendline.slack.token-encryption-keys",
                "spendline.slack.token-encryption-key-id",
                base64Keys,
                currentKeyId);
    }

    String currentKeyId() {
        return sealed.currentKeyId();
    }

    String encrypt(String token, String teamId) {
        return sealed.seal(token, teamId);
    }

    /** The token; fails when the key it names is no longer configured or the text was altered. */
    String decrypt(String stored, String teamId) {
        return sealed.open(stored, teamId, "Slack token of team " + teamId);
    }
}
