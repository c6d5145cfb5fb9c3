package dev.spendline.streams.combination;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits blocks of layout 2 (every customer's rows) into blocks per shard of their rows' first
 * column ({@link BlockKeys#shardOf}), equal rows added. Used once per such block, when a store
 * moves them into shards.
 */
final class BlockSplitter {

    private BlockSplitter() {}

    /**
     * Per shard, the rows of {@code blocks} as sorted blocks of at most {@code cap} bytes (empty
     * where a shard has none).
     */
    static List<List<byte[]>> byShard(List<byte[]> blocks, int dims, int cap) {
        PendingRows all = new PendingRows(dims);
        String[] values = new String[dims];
        long[] measures = new long[BlockCodec.MEASURES];
        BlockReader reader = new BlockReader(dims);
        for (byte[] block : blocks) {
            reader.reset(block);
            while (reader.next()) {
                for (int d = 0; d < dims; d++) {
                    values[d] = reader.value(d, reader.ids[d]);
                }
                reader.measures(measures);
                all.add(values, reader.hour, measures);
            }
        }
        int[] start = new int[BlockKeys.SHARDS + 1];
        int[] order = all.byShard(start);
        List<List<byte[]>> out = new ArrayList<>(BlockKeys.SHARDS);
        for (int shard = 0; shard < BlockKeys.SHARDS; shard++) {
            if (start[shard] == start[shard + 1]) {
                out.add(List.of());
                continue;
            }
            // Equal rows (the same combination and hour from several blocks) were added in PendingRows.
            byte[] block = all.encode(order, start[shard], start[shard + 1]);
            out.add(block.length <= cap ? List.of(block) : BlockMerger.merge(List.of(block), dims, cap));
        }
        return out;
    }
}
