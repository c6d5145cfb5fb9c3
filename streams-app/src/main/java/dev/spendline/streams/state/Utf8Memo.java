package dev.spendline.streams.state;

import java.nio.charset.StandardCharsets;

/**
 * The UTF-8 bytes of the strings a processor put into keys lately, found by identity.
 *
 * <p>Why: a processor writes an event's workspace and dimension values into its keys as UTF-8,
 * about ten values an event, and most of them are the same names as the last event's. The event
 * decoder hands out one instance per recent name ({@code AcceptedEventCodec}), whose hash is cached;
 * so a slot chosen by that hash and a reference comparison find the bytes without encoding again.
 * A string that is not the slot's instance (a new value, or an equal string of another origin) is
 * encoded as before and takes the slot: the result is always the string's bytes.
 *
 * <p>One per processor, used by its stream thread only. The arrays handed out are shared: callers
 * read them and must never write into them.
 */
public final class Utf8Memo {

    private final String[] strings;
    private final byte[][] bytes;
    private final int mask;

    public Utf8Memo(int slots) {
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two: " + slots);
        }
        this.strings = new String[slots];
        this.bytes = new byte[slots][];
        this.mask = slots - 1;
    }

    /** {@code s.getBytes(UTF_8)}, shared: not to be modified. */
    public byte[] of(String s) {
        int h = s.hashCode();
        int slot = (h ^ (h >>> 16)) & mask;
        if (strings[slot] == s) {
            return bytes[slot];
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        strings[slot] = s;
        bytes[slot] = utf8;
        return utf8;
    }
}
