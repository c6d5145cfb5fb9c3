package dev.spendline.query.webhooks;

import dev.spendline.controlplane.support.SealedSecrets;
import java.util.Map;

/**
 * Signing secrets encrypted at rest the way the Slack app keeps its bot tokens ({@link SealedSecrets}:
 * AES-GCM with the endpoint id as associated data, so a ciphertext copied to another endpoint's row does
 * not decrypt). Keys come from {@code spendline.webhooks.secret-encryption-keys.<id>}; the standalone
 * makes one in its data directory. Without any key (a deployment that configured none) secrets are kept
 * as {@code plain:<secret>} and a warning is logged at start-up: still never shown again, but readable by
 * whoever reads the database.
 */
final class WebhookSecretCipher {

    private static final String PLAIN = "plain:";

    /** Null when no key is configured. */
    private final SealedSecrets sealed;

    /** @param currentKeyId the key new secrets use; may be left out when there is exactly one */
    WebhookSecretCipher(Map<String, String> base64Keys, String currentKeyId) {
        this.sealed = base64Keys.isEmpty()
                ? null
                : new SealedSecrets(
                        "spendline.webhooks.secret-encryption-keys",
                        "spendline.webhooks.secret-encryption-key-id",
                        base64Keys,
                        currentKeyId == null && base64Keys.size() == 1
                                ? base64Keys.keySet().iterator().next()
                                : currentKeyId);
    }

    boolean encrypts() {
        return sealed != null;
    }

    String encrypt(String secret, String endpointId) {
        return sealed == null ? PLAIN + secret : sealed.seal(secret, endpointId);
    }

    /** The secret; fails when the key it names is no longer configured or the text was altered. */
    String decrypt(String stored, String endpointId) {
        if (stored.startsWith(PLAIN)) {
            return stored.substring(PLAIN.length());
        }
        if (sealed == null) {
            throw new IllegalStateException("The secret of webhook " + endpointId
                    + " is encrypted, but spendline.webhooks.secret-encryption-keys has no key");
        }
        return sealed.open(stored, endpointId, "The secret of webhook " + endpointId);
    }
}
