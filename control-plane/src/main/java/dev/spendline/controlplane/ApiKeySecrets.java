package dev.spendline.controlplane;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Format, generation and hashing of API key secrets: {@code spl_} followed by 43 base64url characters (32
 * random bytes, no padding).
 */
public final class ApiKeySecrets {

    /**
     * Own prefix rather than {@code sk-}: secret scanners and humans can attribute a leaked key to Spendline,
     * and it is never mistaken for (or forwarded as) an upstream provider key.
     */
    static final String PREFIX = "spl_";

    private static final int RANDOM_BYTES = 32;
    private static final int ENCODED_LENGTH = 43; // ceil(32 * 8 / 6), unpadded
    private static final int KEY_LENGTH = PREFIX.length() + ENCODED_LENGTH;
    private static final int DISPLAY_PREFIX_LENGTH = 12;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private ApiKeySecrets() {}

    /** A new random secret with 256 bits of entropy. */
    public static String generate() {
        byte[] bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return PREFIX + ENCODER.encodeToString(bytes);
    }

    /**
     * Lowercase hex SHA-256 of the secret's UTF-8 bytes, which is what the database stores and looks up.
     *
     * <p>A fast, unsalted hash is the right choice here, unlike for passwords: the secret carries 256 random
     * bits, so neither brute force nor precomputed tables are feasible, and a slow KDF would only add latency
     * to every authenticated request. Being deterministic is what allows an indexed lookup by hash.
     */
    public static String hash(String secret) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha256.digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required on every Java platform", e);
        }
    }

    /** The first 12 characters, stored for display; too short to help guess the rest. */
    public static String prefix(String secret) {
        return secret.substring(0, Math.min(DISPLAY_PREFIX_LENGTH, secret.length()));
    }

    /**
     * Cheap format check, meant to run before any hashing or database lookup so that garbage input is rejected
     * without cost.
     */
    public static boolean looksLikeKey(String s) {
        if (s == null || s.length() != KEY_LENGTH || !s.startsWith(PREFIX)) {
            return false;
        }
        for (int i = PREFIX.length(); i < KEY_LENGTH; i++) {
            char c = s.charAt(i);
            boolean base64Url =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!base64Url) {
                return false;
            }
        }
        return true;
    }
}
