package dev.spendline.controlplane.keys;

import dev.spendline.controlplane.support.RandomSecrets;

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

    private static final int DISPLAY_PREFIX_LENGTH = 12;

    private ApiKeySecrets() {}

    /** A new random secret with 256 bits of entropy. */
    public static String generate() {
        return RandomSecrets.generate(PREFIX);
    }

    /**
     * Lowercase hex SHA-256 of the secret's UTF-8 bytes, which is what the database stores and looks up.
     *
     * <p>A fast, unsalted hash is the right choice here, unlike for passwords: the secret carries 256 random
     * bits, so neither brute force nor precomputed tables are feasible, and a slow KDF would only add latency
     * to every authenticated request. Being deterministic is what allows an indexed lookup by hash.
     */
    public static String hash(String secret) {
        return RandomSecrets.hash(secret);
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
        return RandomSecrets.hasFormat(PREFIX, s);
    }
}
