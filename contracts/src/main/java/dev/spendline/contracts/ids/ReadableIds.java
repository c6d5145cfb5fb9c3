package dev.spendline.contracts.ids;

import java.security.SecureRandom;
import java.util.regex.Pattern;

/**
 * Ids of settings records ({@code bud_…}, {@code grd_…}): a prefix and 20 characters from a
 * 32-letter alphabet without look-alikes (no l, o, 0, 1), 100 random bits. Safe to read aloud and
 * to type from a screen.
 */
public final class ReadableIds {

    private static final char[] ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789".toCharArray();
    private static final int LENGTH = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ReadableIds() {}

    /** A new id: {@code prefix} (e.g. {@code bud_}) and 20 random characters. */
    public static String next(String prefix) {
        StringBuilder id = new StringBuilder(prefix.length() + LENGTH).append(prefix);
        for (int i = 0; i < LENGTH; i++) {
            id.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return id.toString();
    }

    /** Whether {@code id} has the form {@link #next} gives for {@code prefix}. */
    public static boolean matches(String prefix, String id) {
        return id != null && Pattern.matches(Pattern.quote(prefix) + "[a-km-np-z2-9]{" + LENGTH + "}", id);
    }
}
