package dev.spendline.controlplane.support;

import java.security.SecureRandom;

/**
 * Random, prefixed identifiers such as {@code ws_k3j…}. SecureRandom rather than Random because ids appear in
 * URLs and must not be guessable from one another.
 */
public final class RandomIds {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    private static final int LENGTH = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomIds() {}

    public static String next(String prefix) {
        StringBuilder id = new StringBuilder(prefix.length() + LENGTH).append(prefix);
        for (int i = 0; i < LENGTH; i++) {
            id.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return id.toString();
    }
}
