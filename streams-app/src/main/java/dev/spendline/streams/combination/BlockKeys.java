package dev.spendline.streams.combination;

import java.nio.charset.StandardCharsets;

/**
 * Keys of the combination block store, big-endian so that RocksDB's byte order is the order below:
 *
 * <pre>
 * 0x07 | u8 wsLen | workspace UTF-8 | u8 shard | u32 day | u8 level | u32 seq   a block (layout 3)
 * 0x06 | u8 wsLen | workspace UTF-8 | u32 day | u8 level | u32 seq              a block of layout 2,
 *                                                                               read until migrated
 * 0x00 | ...                                                                   store metadata (a layout marker)
 * </pre>
 *
 * The workspace comes with its length, so one workspace's blocks are contiguous and a workspace id
 * that is a prefix of another ("ws" and "ws1") never reads the other's blocks. The shard is that of
 * the block's rows' first column, the customer ({@link #shardOf}): a customer's rows are in one
 * shard, and its days are one key range. All blocks of one (workspace, shard, day) are contiguous,
 * sorted by level then seq. Both kinds end in {@code day | level | seq}, so {@link #day}, {@link
 * #level} and {@link #seq} read either.
 */
final class BlockKeys {

    static final byte TAG_META = 0x00;

    /**
     * Metadata: present once every block of layout 2 was moved into shards. Readers then skip the
     * layout-2 range, which is not free while RocksDB has not compacted it: its deleted blocks are
     * still read and skipped by an iterator (at 10 M events a read over 30 days took 150 ms more).
     */
    static final byte[] UNSHARDED_MOVED = {
        TAG_META, 'u', 'n', 's', 'h', 'a', 'r', 'd', 'e', 'd', '-', 'm', 'o', 'v', 'e', 'd'
    };
    /** Layout 2: one (workspace, day)'s blocks held every customer's rows. */
    static final byte TAG_UNSHARDED = 0x06;

    static final byte TAG_BLOCK = 0x07;
    /**
     * Shards per workspace. A read filtered by one customer reads one shard's blocks, about 1/16 of
     * a day's bytes; every commit writes up to 16 blocks per (workspace, day) instead of one.
     */
    static final int SHARDS = 16;

    /** Workspace ids are generated ({@code ws_} and 20 letters); the length is a u8. */
    static final int MAX_WORKSPACE_BYTES = 255;

    static final long MAX_DAY = 0xFFFF_FFFFL;

    private static final int TAIL = 4 + 1 + 4;

    private BlockKeys() {}

    static byte[] workspace(String workspaceId) {
        byte[] ws = workspaceId.getBytes(StandardCharsets.UTF_8);
        if (ws.length == 0 || ws.length > MAX_WORKSPACE_BYTES) {
            throw new IllegalArgumentException(
                    "workspace id of " + ws.length + " bytes: 1 to " + MAX_WORKSPACE_BYTES + " expected");
        }
        return ws;
    }

    /**
     * The shard of a first-column value ("" for not attributed). Part of the stored layout: it must
     * never change. {@link String#hashCode} is specified by the language, and the finalizer of
     * MurmurHash3 spreads ids that differ in their last characters ("t1", "t2") over the shards.
     */
    static int shardOf(String firstColumnValue) {
        int h = firstColumnValue.hashCode();
        h ^= h >>> 16;
        h *= 0x85EB_CA6B;
        h ^= h >>> 13;
        h *= 0xC2B2_AE35;
        h ^= h >>> 16;
        return h & (SHARDS - 1);
    }

    /** {@code 0x07 | ws | shard | day}: shorter than every block key of that day, so it sorts before them. */
    static byte[] dayPrefix(byte[] ws, int shard, long day) {
        byte[] key = new byte[3 + ws.length + 4];
        writeHead(key, ws, shard, day);
        return key;
    }

    static byte[] block(byte[] ws, int shard, long day, int level, long seq) {
        byte[] key = new byte[3 + ws.length + TAIL];
        int at = writeHead(key, ws, shard, day);
        key[at] = (byte) level;
        putU32(key, at + 1, seq);
        return key;
    }

    /** The first and last possible keys of a level of a day (for inclusive range reads). */
    static byte[] levelStart(byte[] ws, int shard, long day, int level) {
        return block(ws, shard, day, level, 0);
    }

    static byte[] levelEnd(byte[] ws, int shard, long day, int level) {
        return block(ws, shard, day, level, 0xFFFF_FFFFL);
    }

    /** Whether {@code key} is a block key of workspace {@code ws}. */
    static boolean isBlockOf(byte[] key, byte[] ws) {
        return key.length == 3 + ws.length + TAIL && key[0] == TAG_BLOCK && hasWorkspace(key, ws);
    }

    static boolean isBlock(byte[] key) {
        return key.length > 2 && (key[0] == TAG_BLOCK || key[0] == TAG_UNSHARDED);
    }

    static int shard(byte[] blockKey) {
        return blockKey[blockKey.length - TAIL - 1] & 0xFF;
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

    // Layout 2's keys: read until the store has moved them into shards.

    /** The first and last possible keys of layout 2, of every workspace (for inclusive range reads). */
    static byte[] unshardedStart() {
        return new byte[] {TAG_UNSHARDED};
    }

    /** Sorts after every key of layout 2 (they are longer than one byte) and before every 0x07 key. */
    static byte[] unshardedEnd() {
        return new byte[] {TAG_BLOCK};
    }

    /** {@code 0x06 | ws | day}: before every layout-2 block key of that day. */
    static byte[] unshardedDayPrefix(byte[] ws, long day) {
        byte[] key = new byte[2 + ws.length + 4];
        key[0] = TAG_UNSHARDED;
        key[1] = (byte) ws.length;
        System.arraycopy(ws, 0, key, 2, ws.length);
        putU32(key, 2 + ws.length, checkedDay(day));
        return key;
    }

    /** A layout-2 block key (for tests, and for migrations from such state). */
    static byte[] unshardedBlock(byte[] ws, long day, int level, long seq) {
        byte[] key = new byte[2 + ws.length + TAIL];
        System.arraycopy(unshardedDayPrefix(ws, day), 0, key, 0, 2 + ws.length + 4);
        key[2 + ws.length + 4] = (byte) level;
        putU32(key, 2 + ws.length + 5, seq);
        return key;
    }

    static boolean isUnshardedBlockOf(byte[] key, byte[] ws) {
        return key.length == 2 + ws.length + TAIL && key[0] == TAG_UNSHARDED && hasWorkspace(key, ws);
    }

    static boolean isUnshardedBlock(byte[] key) {
        return key.length > 2 + TAIL && key[0] == TAG_UNSHARDED && key.length == 2 + (key[1] & 0xFF) + TAIL;
    }

    /** The workspace of a layout-2 block key. */
    static byte[] unshardedWorkspace(byte[] key) {
        byte[] ws = new byte[key[1] & 0xFF];
        System.arraycopy(key, 2, ws, 0, ws.length);
        return ws;
    }

    private static boolean hasWorkspace(byte[] key, byte[] ws) {
        if ((key[1] & 0xFF) != ws.length) {
            return false;
        }
        for (int i = 0; i < ws.length; i++) {
            if (key[2 + i] != ws[i]) {
                return false;
            }
        }
        return true;
    }

    private static int writeHead(byte[] key, byte[] ws, int shard, long day) {
        if (shard < 0 || shard >= SHARDS) {
            throw new IllegalArgumentException("shard " + shard + " outside 0.." + (SHARDS - 1));
        }
        key[0] = TAG_BLOCK;
        key[1] = (byte) ws.length;
        System.arraycopy(ws, 0, key, 2, ws.length);
        key[2 + ws.length] = (byte) shard;
        putU32(key, 3 + ws.length, checkedDay(day));
        return 3 + ws.length + 4;
    }

    private static long checkedDay(long day) {
        if (day < 0 || day > MAX_DAY) {
            throw new IllegalArgumentException("day " + day + " outside 0.." + MAX_DAY);
        }
        return day;
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
