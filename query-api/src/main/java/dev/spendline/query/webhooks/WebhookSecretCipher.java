package dev.spendline.query.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signing secrets encrypted at rest, the way the Slack app keeps its bot tokens: AES-GCM with a random
 * 96-bit nonce and the endpoint id as associated data (a ciphertext copied to another endpoint's row does
 * not decrypt), written as {@code v1:<key id>:<base64 nonce+ciphertext>}. Keys come from {@code
 * spendline.webhooks.secret-encryption-keys.<id>} (base64 of 16, 24 or 32 bytes); the standalone makes
 * one in its data directory. Without any key (a deployment that configured none) secrets are kept as
 * {@code plain:<secret>} and a warning is logged at start-up: still never shown again, but readable by
 * whoever reads the database.
 */
final class WebhookSecretCipher {

    private static final String VERSION = "v1";
    private static final String PLAIN = "plain";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, SecretKey> keys = new HashMap<>();
    private final String currentKeyId;

    WebhookSecretCipher(Map<String, String> base64Keys, String currentKeyId) {
        String property = "spendline.webhooks.secret-encryption-keys";
        base64Keys.forEach((id, encoded) -> {
            if (id.contains(":")) {
                throw new IllegalArgumentException(property + ": a key id must not contain ':'");
            }
            byte[] key;
            try {
                key = Base64.getDecoder().decode(encoded.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        property + "." + id + " is not base64 (make one with: openssl rand -base64 32)");
            }
            if (key.length != 16 && key.length != 24 && key.length != 32) {
                throw new IllegalArgumentException(property + "." + id + " must be 16, 24 or 32 bytes, not "
                        + key.length + " (openssl rand -base64 32)");
            }
            keys.put(id, new SecretKeySpec(key, "AES"));
        });
        if (keys.isEmpty()) {
            this.currentKeyId = null;
        } else if (currentKeyId != null && keys.containsKey(currentKeyId)) {
            this.currentKeyId = currentKeyId;
        } else if (currentKeyId == null && keys.size() == 1) {
            this.currentKeyId = keys.keySet().iterator().next();
        } else {
            throw new IllegalArgumentException(
                    "spendline.webhooks.secret-encryption-key-id must name one of the configured keys");
        }
    }

    boolean encrypts() {
        return currentKeyId != null;
    }

    String encrypt(String secret, String endpointId) {
        if (currentKeyId == null) {
            return PLAIN + ":" + secret;
        }
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, keys.get(currentKeyId), nonce, endpointId);
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return VERSION + ":" + currentKeyId + ":" + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is required on every Java platform", e);
        }
    }

    /** The secret; fails when the key it names is no longer configured or the text was altered. */
    String decrypt(String stored, String endpointId) {
        if (stored.startsWith(PLAIN + ":")) {
            return stored.substring(PLAIN.length() + 1);
        }
        String[] parts = stored.split(":", 3);
        if (parts.length != 3 || !VERSION.equals(parts[0])) {
            throw new IllegalStateException("The secret of webhook " + endpointId + " is not in the v1 format");
        }
        SecretKey key = keys.get(parts[1]);
        if (key == null) {
            throw new IllegalStateException("The secret of webhook " + endpointId + " was encrypted with key '"
                    + parts[1] + "', which spendline.webhooks.secret-encryption-keys no longer has");
        }
        byte[] in = Base64.getDecoder().decode(parts[2]);
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, key, Arrays.copyOf(in, NONCE_BYTES), endpointId);
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "The secret of webhook " + endpointId + " does not decrypt with key '" + parts[1] + "'", e);
        }
    }

    private static Cipher cipher(int mode, SecretKey key, byte[] nonce, String endpointId)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(endpointId.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }
}
