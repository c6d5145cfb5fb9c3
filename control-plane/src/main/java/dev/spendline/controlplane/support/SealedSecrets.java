package dev.spendline.controlplane.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secrets that Spendline must be able to read back (a Slack bot token, a webhook signing secret), sealed
 * at rest: AES-GCM with a random 96-bit nonce and the owner's id as associated data (a ciphertext copied
 * to another row does not open), written as {@code v1:<key id>:<base64 nonce+ciphertext>}. New secrets
 * use the current key; older ones name the key they were sealed with, so keys rotate by adding a new one
 * and keeping the old until every secret was sealed again. Keys are configured as base64 of 16, 24 or
 * 32 bytes under {@code <property>.<id>}; every refusal names the property and how to make a key.
 */
public final class SealedSecrets {

    private static final String VERSION = "v1";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String property;
    private final Map<String, SecretKey> keys = new HashMap<>();
    private final String currentKeyId;

    /**
     * @param property the keys' property ({@code spendline.slack.token-encryption-keys}), for messages
     * @param keyIdProperty the current key id's property, for messages
     * @param currentKeyId the key new secrets are sealed with; must be one of {@code base64Keys}
     */
    public SealedSecrets(String property, String keyIdProperty, Map<String, String> base64Keys, String currentKeyId) {
        this.property = Objects.requireNonNull(property, "property");
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
        if (currentKeyId == null || !keys.containsKey(currentKeyId)) {
            throw new IllegalArgumentException(keyIdProperty + " names no configured key");
        }
        this.currentKeyId = currentKeyId;
    }

    public String currentKeyId() {
        return currentKeyId;
    }

    /** {@code plaintext} sealed with the current key, bound to {@code owner}. */
    public String seal(String plaintext, String owner) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, keys.get(currentKeyId), nonce, owner);
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return VERSION + ":" + currentKeyId + ":" + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is required on every Java platform", e);
        }
    }

    /**
     * The plaintext; fails when the key it names is no longer configured, when it is bound to another
     * owner or when the text was altered.
     *
     * @param what the secret in words for the message, e.g. "Slack token of team T1"
     */
    public String open(String stored, String owner, String what) {
        String[] parts = stored.split(":", 3);
        if (parts.length != 3 || !VERSION.equals(parts[0])) {
            throw new IllegalStateException(what + " is not in the v1 format");
        }
        SecretKey key = keys.get(parts[1]);
        if (key == null) {
            throw new IllegalStateException(
                    what + " was encrypted with key '" + parts[1] + "', which " + property + " no longer has");
        }
        byte[] in = Base64.getDecoder().decode(parts[2]);
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, key, Arrays.copyOf(in, NONCE_BYTES), owner);
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(what + " does not decrypt with key '" + parts[1] + "'", e);
        }
    }

    private static Cipher cipher(int mode, SecretKey key, byte[] nonce, String owner) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(owner.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }
}
