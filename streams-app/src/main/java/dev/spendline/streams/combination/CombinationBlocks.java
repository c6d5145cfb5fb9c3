package dev.spendline.streams.combination;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads combination blocks ({@link CombinationBlockStore}) for interactive queries and the stream
 * thread. The days of a range are read with one iterator, so a merge written meanwhile (one write
 * batch) is seen whole or not at all. Per block each filter is looked up once in its column's
 * dictionary; a value the block lacks skips the block, and rows are then tested by comparing ids.
 * A filter on the first column (the customer) reads only that value's rows, through the block's
 * index of the first column.
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
        int[] wantedIds = new int[wanted.length];
        BlockReader reader = new BlockReader(dims);
        String[] values = new String[dims];
        long[] m = new long[Row.MEASURES];
        // Inclusive ends: no key equals a day prefix, and every key of toDay sorts after its prefix.
        Bytes from = Bytes.wrap(BlockKeys.dayPrefix(wsBytes, fromDay));
        Bytes to = Bytes.wrap(BlockKeys.dayPrefix(wsBytes, toDay));
        try (KeyValueIterator<Bytes, byte[]> it = store.range(from, to)) {
            while (it.hasNext()) {
                KeyValue<Bytes, byte[]> kv = it.next();
                byte[] key = kv.key.get();
                if (!BlockKeys.isBlockOf(key, wsBytes)) {
                    continue;
                }
                reader.reset(kv.value);
                if (!resolve(reader, filterPositions, wanted, wantedIds)) {
                    continue;
                }
                for (int f = 0; f < filterPositions.length; f++) {
                    if (filterPositions[f] == 0) {
                        reader.seekFirstColumn(wantedIds[f]);
                    }
                }
                long day = BlockKeys.day(key);
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
                    sink.accept(
                            g, bucket, values, new Rollup(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9]));
                }
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
