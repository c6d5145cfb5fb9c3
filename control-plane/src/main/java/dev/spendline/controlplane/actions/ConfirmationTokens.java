package dev.spendline.controlplane.actions;

import dev.spendline.controlplane.support.RandomSecrets;

/**
 * Confirmation tokens of prepared write actions: {@code sct_} followed by 43 base64url characters (256 random
 * bits from SecureRandom), stored only as their SHA-256 hash, like API keys.
 */
public final class ConfirmationTokens {

    /** "Spendline confirmation token": tells a leaked token apart from an API key at a glance. */
    static final String PREFIX = "sct_";

    private ConfirmationTokens() {}

    static String generate() {
        return RandomSecrets.generate(PREFIX);
    }

    /** What the database stores and looks up: lowercase hex SHA-256 of the token. */
    static String hash(String token) {
        return RandomSecrets.hash(token);
    }

    /** Cheap format check before any hashing or lookup. */
    public static boolean looksLikeToken(String s) {
        return RandomSecrets.hasFormat(PREFIX, s);
    }
}
