package dev.spendline.streams.combination;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads combination blocks ({@link CombinationBlockStore}) for interactive queries and the stream
 * thread. The days of a range are read with one iterator per shard, so a merge written meanwhile
 * (one write batch, within one shard) is seen whole or not at all. A filter on the first column (the
 * customer) reads only that value's shard, and in each block only that value's rows, through the
 * block's index of the first column. Per block each filter is looked up once in its column's
 * dictionary; a value the block lacks skips the block, and rows are then tested by comparing ids.
 * Values and measures are decoded only for matching rows.
 */
public final class CombinationBlocks {

    /** Same shape as {@code CombinationScan.Sink}; {@code values} may be reused between calls. */
    public interface Sink {
        void accept(Granularity granularity, long bucket, String[] values, Rollup rollup);
    }

    private static final int HOURS_PER_DAY = 24;

    private CombinationBlocks() {}

    /**
     * Rows of workspace {@code ws} whose time is in buckets [fromBucket, toBucket) of {@code g}
     * (hours or days since the epoch), matching every filter (dimension position → exact value; ""
     * or null matches not attributed), to {@code sink} with the row's bucket in {@code g}. For HOUR
     * only rows with a real hour in range; for DAY every row of the day, whatever its hour. A row of
     * the same (values, bucket) may reach the sink more than once (one per block and hour): the
     * sink adds.
     */
    public static void scan(
            ReadOnlyKeyValueStore<Bytes, byte[]> store,
            String ws,
            Granularity g,
            long fromBucket,
            long toBucket,
            int dims,
            int[] filterPositions,
            String[] filterValues,
            Sink sink) {
        if (filterPositions.length != filterValues.length) {
            throw new IllegalArgumentException("one value per filter position expected");
        }
        if (fromBucket >= toBucket) {
            return;
        }
        boolean hours = g == Granularity.HOUR;
        long fromDay = hours ? Math.floorDiv(fromBucket, HOURS_PER_DAY) : fromBucket;
        long toDay = hours ? Math.floorDiv(toBucket - 1, HOURS_PER_DAY) + 1 : toBucket;
        fromDay = Math.max(0, fromDay);
        toDay = Math.min(BlockKeys.MAX_DAY, toDay);
        if (fromDay >= toDay) {
            return;
        }
        byte[] wsBytes = BlockKeys.workspace(ws);
        byte[][] wanted = new byte[filterValues.length][];
        for (int f = 0; f < wanted.length; f++) {
            if (filterPositions[f] < 0 || filterPositions[f] >= dims) {
                throw new IllegalArgumentException("filter position " + filterPositions[f] + " of " + dims);
            }
            wanted[f] = filterValues[f] == null ? new byte[0] : filterValues[f].getBytes(StandardCharsets.UTF_8);
        }
        Scan scan = new Scan(dims, filterPositions, wanted, g, fromBucket, toBucket, sink);
        // Layout 2's blocks first, until the store has moved them all into shards, remembering
        // which were read: a block moved meanwhile is then skipped in the shards.
        Set<MovedFrom> unshardedRead = new HashSet<>();
        boolean unshardedLeft = store.get(Bytes.wrap(BlockKeys.UNSHARDED_MOVED)) == null;
        try (KeyValueIterator<Bytes, byte[]> it = unshardedLeft
                ? store.range(
                        Bytes.wrap(BlockKeys.unshardedDayPrefix(wsBytes, fromDay)),
                        Bytes.wrap(BlockKeys.unshardedDayPrefix(wsBytes, toDay)))
                : null) {
            while (it != null && it.hasNext()) {
                KeyValue<Bytes, byte[]> kv = it.next();
                byte[] key = kv.key.get();
                if (BlockKeys.isUnshardedBlockOf(key, wsBytes)) {
                    unshardedRead.add(new MovedFrom(
                            BlockKeys.day(key),
                            BlockKeys.level(key),
                            CombinationBlockStore.movedChunk(BlockKeys.seq(key))));
                    scan.block(BlockKeys.day(key), kv.value);
                }
            }
        }
        // A filter on the first column (the customer) reads that value's shard only.
        int firstColumnFilter = -1;
        for (int f = 0; f < filterPositions.length; f++) {
            if (filterPositions[f] == 0) {
                firstColumnFilter = f;
            }
        }
        int fromShard = 0;
        int toShard = BlockKeys.SHARDS;
        if (firstColumnFilter >= 0) {
            String value = filterValues[firstColumnFilter];
            fromShard = BlockKeys.shardOf(value == null ? "" : value);
            toShard = fromShard + 1;
        }
        for (int shard = fromShard; shard < toShard; shard++) {
            // One iterator per shard: a merge rewrites blocks of one shard and day in one write batch,
            // so it is seen whole or not at all. Inclusive ends: no key equals a day prefix, and
            // every key of toDay sorts after its prefix.
            try (KeyValueIterator<Bytes, byte[]> it = store.range(
                    Bytes.wrap(BlockKeys.dayPrefix(wsBytes, shard, fromDay)),
                    Bytes.wrap(BlockKeys.dayPrefix(wsBytes, shard, toDay)))) {
                while (it.hasNext()) {
                    KeyValue<Bytes, byte[]> kv = it.next();
                    byte[] key = kv.key.get();
                    if (!BlockKeys.isBlockOf(key, wsBytes)) {
                        continue;
                    }
                    long day = BlockKeys.day(key);
                    int level = BlockKeys.level(key);
                    if (level >= CombinationBlockStore.MIGRATED_LEVEL
                            && !unshardedRead.isEmpty()
                            && unshardedRead.contains(new MovedFrom(
                                    day,
                                    level - CombinationBlockStore.MIGRATED_LEVEL,
                                    CombinationBlockStore.chunkOfMovedBlock(BlockKeys.seq(key))))) {
                        continue;
                    }
                    scan.block(day, kv.value);
                }
            }
        }
    }

    /** A chunk of layout-2 blocks, by their keys: the blocks moved out of it name the same. */
    private record MovedFrom(long day, int level, long chunk) {}

    /** One scan's filters, reader and buffers, applied block by block. */
    private static final class Scan {
        private final int dims;
        private final int[] filterPositions;
        private final byte[][] wanted;
        private final int[] wantedIds;
        private final boolean hours;
        private final Granularity g;
        private final long fromBucket;
        private final long toBucket;
        private final Sink sink;
        private final BlockReader reader;
        private final String[] values;
        private final long[] m = new long[BlockCodec.MEASURES];

        Scan(
                int dims,
                int[] filterPositions,
                byte[][] wanted,
                Granularity g,
                long fromBucket,
                long toBucket,
                Sink sink) {
            this.dims = dims;
            this.filterPositions = filterPositions;
            this.wanted = wanted;
            this.wantedIds = new int[wanted.length];
            this.hours = g == Granularity.HOUR;
            this.g = g;
            this.fromBucket = fromBucket;
            this.toBucket = toBucket;
            this.sink = sink;
            this.reader = new BlockReader(dims);
            this.values = new String[dims];
        }

        void block(long day, byte[] block) {
            reader.reset(block);
            if (!resolve(reader, filterPositions, wanted, wantedIds)) {
                return;
            }
            for (int f = 0; f < filterPositions.length; f++) {
                if (filterPositions[f] == 0) {
                    reader.seekFirstColumn(wantedIds[f]);
                }
            }
            long firstHour = day * HOURS_PER_DAY;
            while (reader.next()) {
                if (!matches(reader.ids, filterPositions, wantedIds)) {
                    continue;
                }
                long bucket;
                if (hours) {
                    if (reader.hour == CombinationBlockStore.HOUR_UNKNOWN) {
                        continue;
                    }
                    bucket = firstHour + reader.hour;
                    if (bucket < fromBucket || bucket >= toBucket) {
                        continue;
                    }
                } else {
                    bucket = day;
                }
                for (int d = 0; d < dims; d++) {
                    values[d] = reader.value(d, reader.ids[d]);
                }
                reader.measures(m);
                sink.accept(g, bucket, values, Rollup.of(m, 0));
            }
        }
    }

    /** The filters' ids in this block; false when one of the values is not in it. */
    private static boolean resolve(BlockReader reader, int[] positions, byte[][] wanted, int[] ids) {
        for (int f = 0; f < positions.length; f++) {
            ids[f] = reader.find(positions[f], wanted[f]);
            if (ids[f] < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean matches(int[] rowIds, int[] positions, int[] wantedIds) {
        for (int f = 0; f < positions.length; f++) {
            if (rowIds[positions[f]] != wantedIds[f]) {
                return false;
            }
        }
        return true;
    }
}
