package dev.spendline.controlplane.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Prefixed 256-bit random secrets ({@code <prefix>} and 43 base64url characters, no padding) and the SHA-256
 * hash under which they are stored: API key secrets and confirmation tokens share this format.
 */
public final class RandomSecrets {

    private static final int RANDOM_BYTES = 32;
    public static final int ENCODED_LENGTH = 43; // ceil(32 * 8 / 6), unpadded

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private RandomSecrets() {}

    public static String generate(String prefix) {
        byte[] bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return prefix + ENCODER.encodeToString(bytes);
    }

    /** Lowercase hex SHA-256 of the UTF-8 bytes. */
    public static String hash(String secret) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha256.digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required on every Java platform", e);
        }
    }

    /** Whether {@code s} has the format {@link #generate} produces for this prefix. */
    public static boolean hasFormat(String prefix, String s) {
        if (s == null || s.length() != prefix.length() + ENCODED_LENGTH || !s.startsWith(prefix)) {
            return false;
        }
        for (int i = prefix.length(); i < s.length(); i++) {
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
