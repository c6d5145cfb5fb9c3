package dev.spendline.query.slack;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Bot tokens encrypted at rest: AES-GCM with a random 96-bit nonce, the Slack team id as associated
 * data (a ciphertext copied to another team's row does not decrypt), written as
 * {@code v1:<key id>:<base64 nonce+ciphertext>}. New tokens use the current key; older ones name the key
 * they were encrypted with, so keys rotate by adding a new one and keeping the old until every token was
 * re-encrypted or re-installed (docs/slack.md).
 */
final class SlackTokenCipher {

    private static final String VERSION = "v1";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, SecretKey> keys = new HashMap<>();
    private final String currentKeyId;

    SlackTokenCipher(Map<String, String> base64Keys, String currentKeyId) {
        base64Keys.forEach((id, encoded) -> {
            if (id.contains(":")) {
                throw new IllegalArgumentException(
                        "spendline.slack.token-encryption-keys: a key id must not contain ':'");
            }
            byte[] key;
            try {
                key = Base64.getDecoder().decode(encoded.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("spendline.slack.token-encryption-keys." + id
                        + " is not base64 (make one with: openssl rand -base64 32)");
            }
            if (key.length != 16 && key.length != 24 && key.length != 32) {
                throw new IllegalArgumentException("spendline.slack.token-encryption-keys." + id
                        + " must be 16, 24 or 32 bytes, not " + key.length + " (openssl rand -base64 32)");
            }
            keys.put(id, new SecretKeySpec(key, "AES"));
        });
        if (!keys.containsKey(currentKeyId)) {
            throw new IllegalArgumentException("spendline.slack.token-encryption-key-id names no configured key");
        }
        this.currentKeyId = currentKeyId;
    }

    String currentKeyId() {
        return currentKeyId;
    }

    String encrypt(String token, String teamId) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, keys.get(currentKeyId), nonce, teamId);
            byte[] sealed = cipher.doFinal(token.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return VERSION + ":" + currentKeyId + ":" + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is required on every Java platform", e);
        }
    }

    /** The token; fails when the key it names is no longer configured or the text was altered. */
    String decrypt(String stored, String teamId) {
        String[] parts = stored.split(":", 3);
        if (parts.length != 3 || !VERSION.equals(parts[0])) {
            throw new IllegalStateException("Slack token of team " + teamId + " is not in the v1 format");
        }
        SecretKey key = keys.get(parts[1]);
        if (key == null) {
            throw new IllegalStateException("Slack token of team " + teamId + " was encrypted with key '" + parts[1]
                    + "', which spendline.slack.token-encryption-keys no longer has");
        }
        byte[] in = Base64.getDecoder().decode(parts[2]);
        try {
            byte[] nonce = java.util.Arrays.copyOf(in, NONCE_BYTES);
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, key, nonce, teamId);
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "Slack token of team " + teamId + " does not decrypt with key '" + parts[1] + "'", e);
        }
    }

    private static Cipher cipher(int mode, SecretKey key, byte[] nonce, String teamId) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(teamId.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }
}
