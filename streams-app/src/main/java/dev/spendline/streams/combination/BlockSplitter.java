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
        List<Row> all = new ArrayList<>();
        Row probe = new Row(dims);
        String[] values = new String[dims];
        long[] measures = new long[Row.MEASURES];
        BlockReader reader = new BlockReader(dims);
        for (byte[] block : blocks) {
            reader.reset(block);
            while (reader.next()) {
                for (int d = 0; d < dims; d++) {
                    values[d] = reader.value(d, reader.ids[d]);
                }
                reader.measures(measures);
                Row row = probe.probe(values, reader.hour).copyKey();
                row.add(measures);
                all.add(row);
            }
        }
        List<Row>[] rows = CombinationBlockStore.byShard(all);
        List<List<byte[]>> out = new ArrayList<>(BlockKeys.SHARDS);
        for (int shard = 0; shard < BlockKeys.SHARDS; shard++) {
            if (rows[shard] == null) {
                out.add(List.of());
                continue;
            }
            rows[shard].sort(Row.ORDER);
            // encode adds equal rows (the same combination and hour from several blocks).
            byte[] block = BlockCodec.encode(rows[shard], dims);
            out.add(block.length <= cap ? List.of(block) : BlockMerger.merge(List.of(block), dims, cap));
        }
        return out;
    }
}
