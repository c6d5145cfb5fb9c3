package dev.spendline.streams.combination;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a block of layout 2 (every customer's rows) into one block per shard of its rows' first
 * column ({@link BlockKeys#shardOf}). Used once per such block, when a store moves them into shards.
 */
final class BlockSplitter {

    private BlockSplitter() {}

    /** Per shard, the block of its rows (sorted, as the input), or null when it has none. */
    @SuppressWarnings("unchecked")
    static byte[][] byShard(byte[] block, int dims) {
        BlockReader reader = new BlockReader(dims);
        reader.reset(block);
        List<Row>[] rows = new List[BlockKeys.SHARDS];
        Row probe = new Row(dims);
        String[] values = new String[dims];
        long[] measures = new long[Row.MEASURES];
        while (reader.next()) {
            for (int d = 0; d < dims; d++) {
                values[d] = reader.value(d, reader.ids[d]);
            }
            reader.measures(measures);
            Row row = probe.probe(values, reader.hour).copyKey();
            row.add(measures);
            int shard = BlockKeys.shardOf(values[0]);
            if (rows[shard] == null) {
                rows[shard] = new ArrayList<>();
            }
            rows[shard].add(row);
        }
        byte[][] pieces = new byte[BlockKeys.SHARDS][];
        for (int shard = 0; shard < pieces.length; shard++) {
            if (rows[shard] != null) {
                pieces[shard] = BlockCodec.encode(rows[shard], dims);
            }
        }
        return pieces;
    }
}
