package dev.spendline.streams.combination;

import java.nio.charset.StandardCharsets;

/**
 * Keys of the combination block store, big-endian so that RocksDB's byte order is the order below:
 *
 * <pre>
 * 0x06 | u8 wsLen | workspace UTF-8 | u32 day | u8 level | u32 seq   a block
 * 0x00 | ...                                                         store metadata (a layout marker)
 * </pre>
 *
 * The workspace comes with its length, so one workspace's blocks are contiguous and a workspace id
 * that is a prefix of another ("ws" and "ws1") never reads the other's blocks. All blocks of one
 * (workspace, day) are contiguous, sorted by level then seq.
 */
final class BlockKeys {

    static final byte TAG_META = 0x00;
    static final byte TAG_BLOCK = 0x06;
    /** Workspace ids are generated ({@code ws_} and 20 letters); the length is a u8. */
    static final int MAX_WORKSPACE_BYTES = 255;

    static final long MAX_DAY = 0xFFFF_FFFFL;

    private BlockKeys() {}

    static byte[] workspace(String workspaceId) {
        byte[] ws = workspaceId.getBytes(StandardCharsets.UTF_8);
        if (ws.length == 0 || ws.length > MAX_WORKSPACE_BYTES) {
            throw new IllegalArgumentException(
                    "workspace id of " + ws.length + " bytes: 1 to " + MAX_WORKSPACE_BYTES + " expected");
        }
        return ws;
    }

    /** {@code 0x06 | ws | day}: shorter than every block key of that day, so it sorts before them. */
    static byte[] dayPrefix(byte[] ws, long day) {
        byte[] key = new byte[2 + ws.length + 4];
        writeHead(key, ws, day);
        return key;
    }

    static byte[] block(byte[] ws, long day, int level, long seq) {
        byte[] key = new byte[2 + ws.length + 4 + 1 + 4];
        int at = writeHead(key, ws, day);
        key[at] = (byte) level;
        putU32(key, at + 1, seq);
        return key;
    }

    /** The first and last possible keys of a level of a day (for inclusive range reads). */
    static byte[] levelStart(byte[] ws, long day, int level) {
        return block(ws, day, level, 0);
    }

    static byte[] levelEnd(byte[] ws, long day, int level) {
        return block(ws, day, level, 0xFFFF_FFFFL);
    }

    /** Whether {@code key} is a block key of workspace {@code ws}. */
    static boolean isBlockOf(byte[] key, byte[] ws) {
        if (key.length != 2 + ws.length + 9 || key[0] != TAG_BLOCK || (key[1] & 0xFF) != ws.length) {
            return false;
        }
        for (int i = 0; i < ws.length; i++) {
            if (key[2 + i] != ws[i]) {
                return false;
            }
        }
        return true;
    }

    static boolean isBlock(byte[] key) {
        return key.length > 2 && key[0] == TAG_BLOCK;
    }

    static long day(byte[] blockKey) {
        return getU32(blockKey, blockKey.length - 9);
    }

    static int level(byte[] blockKey) {
        return blockKey[blockKey.length - 5] & 0xFF;
    }

    static long seq(byte[] blockKey) {
        return getU32(blockKey, blockKey.length - 4);
    }

    private static int writeHead(byte[] key, byte[] ws, long day) {
        if (day < 0 || day > MAX_DAY) {
            throw new IllegalArgumentException("day " + day + " outside 0.." + MAX_DAY);
        }
        key[0] = TAG_BLOCK;
        key[1] = (byte) ws.length;
        System.arraycopy(ws, 0, key, 2, ws.length);
        putU32(key, 2 + ws.length, day);
        return 2 + ws.length + 4;
    }

    static void putU32(byte[] b, int at, long v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static long getU32(byte[] b, int at) {
        return ((b[at] & 0xFFL) << 24) | ((b[at + 1] & 0xFFL) << 16) | ((b[at + 2] & 0xFFL) << 8) | (b[at + 3] & 0xFFL);
    }
}
