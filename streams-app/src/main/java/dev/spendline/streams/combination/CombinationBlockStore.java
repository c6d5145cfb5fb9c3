package dev.spendline.streams.combination;

import dev.spendline.streams.state.DecoratedStores;
import dev.spendline.streams.state.OwnCacheStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The combination rollup as per-commit blocks: every event's (values of all dimensions, hour) row is
 * folded in memory, and before each commit ({@link #flushCache}) each (workspace, day) touched gets
 * ONE new block holding all its rows: one RocksDB put and one changelog record, where one key per
 * distinct combination and bucket cost about two per event. A bounded compaction in the same write
 * batch keeps the number of blocks of a day small.
 *
 * <h2>Keys</h2>
 * {@code 0x07 | u8 wsLen | workspace UTF-8 | u8 shard | u32 day | u8 level | u32 seq}, big-endian
 * ({@link BlockKeys}); {@code 0x00} is left for metadata. A commit's rows of one (workspace, day) are
 * split by the shard of their customer ({@link BlockKeys#shardOf}, 16 shards), so a read filtered by
 * one customer reads that shard's blocks only, a sixteenth of the bytes (issue #30: reading every
 * block whole made such a read 200 ms at 10 M events). Each shard has its own levels.
 *
 * <h2>Blocks of layout 2</h2>
 * Layout 2 kept one series of blocks per (workspace, day) for every customer, under {@code 0x06}
 * keys without a shard. They are read as before, and {@link #migrateUnshardedBlocks} moves them into
 * the shards a chunk at a time (the rollup processor calls it on its wall clock): up to 16 blocks of
 * one (workspace, day, level) with seqs in one aligned range are merged, split by shard, written at
 * level {@code MIGRATED_LEVEL + their level} with seqs that name the chunk, and deleted, in one write
 * batch. Such blocks are never merged again, so a reader that read a chunk's layout-2 blocks before
 * the batch and the shards after it knows them by key and skips them ({@link CombinationBlocks}):
 * every row counts exactly once, whenever the move happens. When none is left
 * a metadata key says so ({@link BlockKeys#UNSHARDED_MOVED}), and readers skip the layout-2 range.
 *
 * <h2>Block value, format v2</h2>
 * <pre>
 * u8  version = 2
 * u8  dims
 * u32 rows
 * per dimension: u32 n, then n × (u16 length, UTF-8 bytes)   the column's dictionary: the distinct
 *                                                             values of the block, sorted by bytes
 * n(first dimension) × (u32 offset, u32 count)               the first column's index: per id, the
 *                                                             byte offset of its first row (from the
 *                                                             first row) and its number of rows
 * rows × (per dimension: varint id; u8 hour; 12 × zigzag varint measures)
 * </pre>
 * Version 1 (blocks written before the estimated cost) is the same with 10 measures per row: a
 * reader takes its rows as nothing estimated and nothing unpriced, and a merge writes version 2.
 * Ids index the column's dictionary; "" (not attributed) is a value like any other. The hour is the
 * hour of day, or {@link #HOUR_UNKNOWN} for a row that counts for its day only. Measures are
 * Rollup's in its order ({@code Rollup.copyInto}). Rows are sorted by (ids in dimension order, hour) and no two are equal,
 * so one tenant's rows are contiguous and the index finds them. The dictionary lets a reader resolve
 * a filter once per block, and skip the block when the value is absent; rows then compare ints
 * ({@link CombinationBlocks}).
 *
 * <h2>Compaction</h2>
 * Per (workspace, day) and level the store keeps the block count and the next seq in memory (derived
 * by one range read of the day on first touch). When a level below {@link #FULL_LEVEL} has {@value
 * #MERGE_AT} blocks after a flush, they are merged (equal rows added) into a block of the next level
 * and deleted, in the same {@code putAll} as the new blocks: RocksDBStore applies it as one write
 * batch, so a reader's iterator sees either the inputs or the output, never both. A block is capped
 * at {@value #MAX_BLOCK_BYTES} bytes (Kafka's default record limit is 1 MiB); a merge that does not
 * fit writes full blocks at {@link #FULL_LEVEL}, never merged again, and its remainder at the next
 * level. A day therefore holds at most (its full blocks) + 15 blocks per level below full, and its
 * full blocks are each nearly {@value #MAX_BLOCK_BYTES} bytes.
 *
 * <h2>Past days</h2>
 * A backfill writes a little to every day in every commit, which leaves a shard's day with up to 15
 * blocks per level. Once a day is before yesterday and this instance has not written it for a
 * minute, {@link #consolidatePastDays} (on the rollup processor's wall clock) merges its blocks below
 * the full level into full blocks and one more, in one write batch.
 *
 * <h2>Threads and commits</h2>
 * As {@code WriteBehindRollupStore}: the thread that folds (the stream thread) owns the pending rows;
 * its reads first write them (so the writer sees its own writes); any other thread reads RocksDB,
 * that is, what was written by the last commit. {@link #clearCache} and {@link #close} drop what was
 * not written, and the in-memory counters, which a range read derives again.
 *
 * <h2>Cost</h2>
 * {@code CombinationBlocksThroughput} (the bench's seeded mix, 1,700 events a commit, one workspace
 * and day, 680,000 events; C2 JIT on a shared 2-core machine, the driver's mock producer): folding
 * about 1 µs an event, flush and compaction 5.5–8 µs an event, 0.0013 changelog records and
 * about 80 changelog bytes an event. Reading that day: all rows 140–400 ms, one customer 11–50 ms
 * (most blocks hold every large customer), a user or a feature and model 40–160 ms.
 */
public final class CombinationBlockStore extends OwnCacheStore<Bytes, byte[], KeyValueStore<Bytes, byte[]>>
        implements KeyValueStore<Bytes, byte[]> {

    /** The row counts for its day only (received outside the hourly horizon). */
    public static final int HOUR_UNKNOWN = 255;

    /** Blocks at this level are full: never merged again. */
    static final int FULL_LEVEL = 7;

    /**
     * Blocks moved out of layout 2 are at this level plus their level there (8 to 15): never merged,
     * so that their keys name the block they came from.
     */
    static final int MIGRATED_LEVEL = 8;

    /** Layout-2 blocks moved in one write batch, at most (a chunk: 16 × 256 KiB). */
    static final int MOVE_CHUNK = 16;

    /** Seqs per chunk at the migrated levels: a chunk's rows of one shard fill far fewer blocks. */
    static final int MOVED_PER_CHUNK = 1024;

    static final int MERGE_AT = 16;
    static final int MAX_BLOCK_BYTES = 256 * 1024;
    static final int MAX_COUNTED_DAYS = 16_384;

    /** A past day is merged once nothing was written to it for this long (a backfill has moved on). */
    static final long CONSOLIDATE_AFTER_IDLE_MILLIS = 60_000;

    private static final Logger log = LoggerFactory.getLogger(CombinationBlockStore.class);

    private static final Comparator<PendingDay> DAY_ORDER =
            Comparator.comparing((PendingDay p) -> p.workspaceId).thenComparingLong(p -> p.day);

    private final int dims;
    private final int maxPendingRows;
    private final int maxBlockBytes;
    private final Map<DayId, PendingDay> pending = new HashMap<>();
    /**
     * The counters of recently written days; an evicted day is read again from RocksDB when next
     * written (after its batch was written, so the read sees it), which keeps a backfill over many
     * days and workspaces from holding counters for all of them.
     */
    private final Map<ShardDay, Levels> levels = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ShardDay, Levels> eldest) {
            return size() > MAX_COUNTED_DAYS;
        }
    };

    /**
     * When each shard's day was last written by this instance (wall clock), for {@link
     * #consolidatePastDays}; bounded like the counters.
     */
    private final Map<ShardDay, Long> written = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ShardDay, Long> eldest) {
            return size() > MAX_COUNTED_DAYS;
        }
    };

    private PendingDay last;
    private int pendingRows;

    CombinationBlockStore(KeyValueStore<Bytes, byte[]> inner, int dims, int maxPendingRows, int maxBlockBytes) {
        super(inner);
        if (dims < 1 || dims > 255) {
            throw new IllegalArgumentException("dims " + dims);
        }
        this.dims = dims;
        this.maxPendingRows = maxPendingRows;
        this.maxBlockBytes = maxBlockBytes;
    }

    /**
     * This store from what a processor's {@code context.getStateStore(name)} returns: Kafka Streams
     * hands processors a read-write decorator around a {@link KeyValueStore}, which has no {@link
     * #add}.
     */
    public static CombinationBlockStore of(StateStore store) {
        return DecoratedStores.unwrap(store, CombinationBlockStore.class);
    }

    private record DayId(String workspaceId, long day) {}

    /** The blocks of one shard of one (workspace, day): the unit of levels and merges. */
    private record ShardDay(String workspaceId, int shard, long day) {}

    /** The rows folded since the last flush for one (workspace, day). */
    private static final class PendingDay {
        final String workspaceId;
        final byte[] ws;
        final long day;
        final PendingRows rows;

        PendingDay(String workspaceId, long day, int dims) {
            this.workspaceId = workspaceId;
            this.ws = BlockKeys.workspace(workspaceId);
            this.day = day;
            this.rows = new PendingRows(dims);
        }
    }

    /** Per level of one (workspace, day): how many blocks RocksDB holds, and the next seq. */
    private static final class Levels {
        final int[] count = new int[FULL_LEVEL + 1];
        final long[] nextSeq = new long[FULL_LEVEL + 1];
    }

    /**
     * Folds one event. No RocksDB access, unless more than {@code maxPendingRows} distinct rows are
     * pending: they are then written early, as Kafka Streams' record cache evicts (equally safe: the
     * writes join the open transaction).
     *
     * @param values one per dimension; null and "" both mean not attributed
     * @param delta a Rollup's measures in its order (Rollup.copyInto)
     */
    public void add(String workspaceId, long day, int hourOfDay, String[] values, long[] delta) {
        if (values.length != dims || delta.length != BlockCodec.MEASURES) {
            throw new IllegalArgumentException(
                    values.length + " values and " + delta.length + " measures: " + dims + " and 10 expected");
        }
        if ((hourOfDay < 0 || hourOfDay > 23) && hourOfDay != HOUR_UNKNOWN) {
            throw new IllegalArgumentException("hour of day " + hourOfDay);
        }
        if (day < 0 || day > BlockKeys.MAX_DAY) {
            throw new IllegalArgumentException("day " + day);
        }
        claimForWriter();
        PendingDay p = last;
        if (p == null || p.day != day || !p.workspaceId.equals(workspaceId)) {
            p = pending.computeIfAbsent(
                    new DayId(workspaceId, day), id -> new PendingDay(id.workspaceId, id.day, dims));
            last = p;
        }
        if (p.rows.add(values, hourOfDay, delta)) {
            pendingRows++;
        }
        if (pendingRows >= maxPendingRows) {
            writePending();
        }
    }

    /** Rows folded and not yet written (for tests and metrics). */
    int pendingRows() {
        return pendingRows;
    }

    private void writePendingIfOwner() {
        if (ownedByCaller() && pendingRows > 0) {
            writePending();
        }
    }

    /**
     * One level-0 block per pending (workspace, day) and shard its rows fall in, then the merges they
     * call for, all in one {@code putAll}. Days go in (workspace, day) order so that the same input
     * writes the same keys.
     */
    @Override
    protected void writePending() {
        if (pending.isEmpty()) {
            return;
        }
        List<PendingDay> days = new ArrayList<>(pending.values());
        days.sort(DAY_ORDER);
        pending.clear();
        last = null;
        pendingRows = 0;
        Map<Bytes, byte[]> batch = new LinkedHashMap<>();
        long now = System.currentTimeMillis();
        int[] start = new int[BlockKeys.SHARDS + 1];
        try {
            for (PendingDay p : days) {
                int[] order = p.rows.byShard(start);
                for (int shard = 0; shard < BlockKeys.SHARDS; shard++) {
                    if (start[shard] == start[shard + 1]) {
                        continue;
                    }
                    Levels lv = levelsOf(p.workspaceId, p.ws, shard, p.day);
                    written.put(new ShardDay(p.workspaceId, shard, p.day), now);
                    // Unsorted: the codec sorts the rows by their dictionary ids, which is cheaper than
                    // comparing their strings (5 % of the stream thread in issue #29's profile).
                    writeBlocks(p.ws, shard, p.day, lv, p.rows.encode(order, start[shard], start[shard + 1]), batch);
                    compact(p.ws, shard, p.day, lv, batch);
                }
            }
            writeBatch(batch);
        } catch (RuntimeException e) {
            // The counters may no longer match RocksDB: derive them again.
            levels.clear();
            throw e;
        }
    }

    /** One {@code putAll}: RocksDBStore applies it as one write batch (null values delete). */
    private void writeBatch(Map<Bytes, byte[]> batch) {
        List<KeyValue<Bytes, byte[]>> entries = new ArrayList<>(batch.size());
        batch.forEach((k, v) -> entries.add(KeyValue.pair(k, v)));
        inner.putAll(entries);
    }

    /**
     * Writes a new block at level 0; when it is over the cap, as full blocks and a last one at level
     * 0.
     */
    private void writeBlocks(byte[] ws, int shard, long day, Levels lv, byte[] block, Map<Bytes, byte[]> batch) {
        int level = 0;
        // Rarely (a commit of more than about 5,000 rows for one day): cut into blocks under the cap.
        List<byte[]> blocks =
                block.length <= maxBlockBytes ? List.of(block) : BlockMerger.merge(List.of(block), dims, maxBlockBytes);
        for (int i = 0; i < blocks.size(); i++) {
            put(ws, shard, day, lv, levelOf(i, blocks.size(), level), blocks.get(i), batch);
        }
    }

    /** Of the blocks one write needs, all but the last are full. */
    private static int levelOf(int block, int blocks, int level) {
        return block < blocks - 1 ? FULL_LEVEL : Math.min(level, FULL_LEVEL);
    }

    private static void put(
            byte[] ws, int shard, long day, Levels lv, int level, byte[] block, Map<Bytes, byte[]> batch) {
        batch.put(Bytes.wrap(BlockKeys.block(ws, shard, day, level, lv.nextSeq[level]++)), block);
        lv.count[level]++;
    }

    /** Merges every level that reached {@link #MERGE_AT} blocks, lowest first, so merges cascade. */
    private void compact(byte[] ws, int shard, long day, Levels lv, Map<Bytes, byte[]> batch) {
        for (int level = 0; level < FULL_LEVEL; level++) {
            if (lv.count[level] < MERGE_AT) {
                continue;
            }
            List<byte[]> inputs = new ArrayList<>();
            for (Map.Entry<Bytes, byte[]> block : blocksOf(ws, shard, day, level, batch)) {
                inputs.add(block.getValue());
                delete(batch, block.getKey());
            }
            lv.count[level] = 0;
            List<byte[]> outputs = BlockMerger.merge(inputs, dims, maxBlockBytes);
            for (int i = 0; i < outputs.size(); i++) {
                put(ws, shard, day, lv, levelOf(i, outputs.size(), level + 1), outputs.get(i), batch);
            }
        }
    }

    /** A block written earlier in this batch is simply dropped; one in RocksDB gets a tombstone. */
    private static void delete(Map<Bytes, byte[]> batch, Bytes key) {
        if (batch.get(key) != null) {
            batch.remove(key);
        } else {
            batch.put(key, null);
        }
    }

    /** The blocks of one level of a day: those in RocksDB, as changed by the batch being built. */
    private List<Map.Entry<Bytes, byte[]>> blocksOf(
            byte[] ws, int shard, long day, int level, Map<Bytes, byte[]> batch) {
        Bytes from = Bytes.wrap(BlockKeys.levelStart(ws, shard, day, level));
        Bytes to = Bytes.wrap(BlockKeys.levelEnd(ws, shard, day, level));
        List<Map.Entry<Bytes, byte[]>> blocks = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> it = inner.range(from, to)) {
            while (it.hasNext()) {
                KeyValue<Bytes, byte[]> kv = it.next();
                if (!batch.containsKey(kv.key)) {
                    blocks.add(Map.entry(kv.key, kv.value));
                }
            }
        }
        for (Map.Entry<Bytes, byte[]> e : batch.entrySet()) {
            if (e.getValue() != null
                    && e.getKey().compareTo(from) >= 0
                    && e.getKey().compareTo(to) <= 0) {
                blocks.add(e);
            }
        }
        return blocks;
    }

    /**
     * The counters of a shard's day, read from RocksDB on first touch: the levels that merge are
     * read whole (at most {@value #MERGE_AT} blocks each), full blocks only for their last seq.
     */
    private Levels levelsOf(String workspaceId, byte[] ws, int shard, long day) {
        ShardDay id = new ShardDay(workspaceId, shard, day);
        Levels lv = levels.get(id);
        if (lv != null) {
            return lv;
        }
        lv = new Levels();
        Bytes from = Bytes.wrap(BlockKeys.levelStart(ws, shard, day, 0));
        Bytes to = Bytes.wrap(BlockKeys.levelEnd(ws, shard, day, FULL_LEVEL - 1));
        try (KeyValueIterator<Bytes, byte[]> it = inner.range(from, to)) {
            while (it.hasNext()) {
                count(lv, it.next().key.get());
            }
        }
        try (KeyValueIterator<Bytes, byte[]> it = inner.reverseRange(
                Bytes.wrap(BlockKeys.levelStart(ws, shard, day, FULL_LEVEL)),
                Bytes.wrap(BlockKeys.levelEnd(ws, shard, day, FULL_LEVEL)))) {
            if (it.hasNext()) {
                count(lv, it.next().key.get());
            }
        }
        levels.put(id, lv);
        return lv;
    }

    private static void count(Levels lv, byte[] key) {
        int level = BlockKeys.level(key);
        lv.count[level]++;
        lv.nextSeq[level] = Math.max(lv.nextSeq[level], BlockKeys.seq(key) + 1);
    }

    /**
     * Blocks per level of one (workspace, day) as the counters see them, added over the shards
     * (for tests); null when no shard of that day is counted.
     */
    int[] levelCounts(String workspaceId, long day) {
        int[] sum = null;
        for (int shard = 0; shard < BlockKeys.SHARDS; shard++) {
            Levels lv = levels.get(new ShardDay(workspaceId, shard, day));
            if (lv != null) {
                sum = sum == null ? new int[lv.count.length] : sum;
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += lv.count[i];
                }
            }
        }
        return sum;
    }

    /**
     * Moves at most {@code maxChunks} chunks of layout-2 blocks into the shards (see the class
     * comment): a chunk is the blocks of one (workspace, day, level) whose seqs share {@code seq /
     * MOVE_CHUNK}, at most 16 blocks of 256 KiB. Their rows are split by shard, equal rows added, and
     * written as blocks under the cap at level {@code MIGRATED_LEVEL + level} with seqs {@code chunk
     * * MOVED_PER_CHUNK + i}; the chunk's blocks are deleted in the same write batch. Returns how
     * many layout-2 blocks were moved, 0 when none is left. On the stream thread, like {@link #add}:
     * the writes join the open transaction, so a crash before the commit leaves the blocks where
     * they were.
     */
    public int migrateUnshardedBlocks(int maxChunks) {
        claimForWriter();
        writePending();
        Bytes moved = Bytes.wrap(BlockKeys.UNSHARDED_MOVED);
        if (inner.get(moved) != null) {
            return 0;
        }
        List<List<KeyValue<Bytes, byte[]>>> chunks = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> it =
                inner.range(Bytes.wrap(BlockKeys.unshardedStart()), Bytes.wrap(BlockKeys.unshardedEnd()))) {
            List<KeyValue<Bytes, byte[]>> chunk = null;
            while (it.hasNext()) {
                KeyValue<Bytes, byte[]> kv = it.next();
                if (!BlockKeys.isUnshardedBlock(kv.key.get())) {
                    continue;
                }
                if (chunk == null || !sameChunk(chunk.get(0).key.get(), kv.key.get())) {
                    if (chunks.size() == maxChunks) {
                        break;
                    }
                    chunk = new ArrayList<>();
                    chunks.add(chunk);
                }
                chunk.add(kv);
            }
        }
        if (chunks.isEmpty()) {
            // Readers stop reading the layout-2 range (CombinationBlocks).
            inner.put(moved, new byte[] {1});
            return 0;
        }
        List<KeyValue<Bytes, byte[]>> batch = new ArrayList<>();
        int blocks = 0;
        for (List<KeyValue<Bytes, byte[]>> chunk : chunks) {
            byte[] first = chunk.get(0).key.get();
            byte[] ws = BlockKeys.unshardedWorkspace(first);
            long day = BlockKeys.day(first);
            int level = MIGRATED_LEVEL + BlockKeys.level(first);
            long seq = movedChunk(BlockKeys.seq(first)) * MOVED_PER_CHUNK;
            List<byte[]> values = chunk.stream().map(kv -> kv.value).toList();
            List<List<byte[]>> byShard = BlockSplitter.byShard(values, dims, maxBlockBytes);
            for (int shard = 0; shard < byShard.size(); shard++) {
                List<byte[]> out = byShard.get(shard);
                if (out.size() > MOVED_PER_CHUNK) {
                    throw new IllegalStateException(out.size() + " blocks out of one chunk");
                }
                for (int i = 0; i < out.size(); i++) {
                    batch.add(KeyValue.pair(Bytes.wrap(BlockKeys.block(ws, shard, day, level, seq + i)), out.get(i)));
                }
            }
            for (KeyValue<Bytes, byte[]> kv : chunk) {
                batch.add(KeyValue.pair(kv.key, null));
            }
            blocks += chunk.size();
        }
        inner.putAll(batch);
        log.debug("Moved {} combination blocks of layout 2 into shards in {}", blocks, name());
        return blocks;
    }

    /**
     * Merges the blocks below the full level of at most {@code maxShardDays} shard-days that this
     * instance wrote, whose day ended before yesterday (UTC, by {@code nowMillis}) and which were
     * not written for {@link #CONSOLIDATE_AFTER_IDLE_MILLIS}: into full blocks and one last block,
     * in one write batch (so a reader sees the inputs or the outputs, as for any merge). A backfill
     * writes a little to every day in every commit, which leaves up to 15 blocks per level of each
     * shard's day; once the day is past they would be read forever, so they are merged once.
     * Returns the number of shard-days merged. On the stream thread.
     */
    public int consolidatePastDays(long nowMillis, int maxShardDays) {
        claimForWriter();
        // Pending rows are written first only when a day is due: this runs every second, and
        // writing them every time would add a flush of the blocks between commits (with commits
        // a second apart while catching up, it doubled their writes; docs/performance.md).
        if (due(nowMillis, 1).isEmpty()) {
            return 0;
        }
        writePending();
        List<ShardDay> due = due(nowMillis, maxShardDays);
        if (due.isEmpty()) {
            return 0;
        }
        // Deletes first, so that an output written under an input's key replaces its tombstone.
        Map<Bytes, byte[]> batch = new LinkedHashMap<>();
        for (ShardDay d : due) {
            written.remove(d);
            levels.remove(d);
            byte[] ws = BlockKeys.workspace(d.workspaceId());
            List<KeyValue<Bytes, byte[]>> inputs = new ArrayList<>();
            long nextFullSeq = 0;
            try (KeyValueIterator<Bytes, byte[]> it = inner.range(
                    Bytes.wrap(BlockKeys.levelStart(ws, d.shard(), d.day(), 0)),
                    Bytes.wrap(BlockKeys.levelEnd(ws, d.shard(), d.day(), FULL_LEVEL)))) {
                while (it.hasNext()) {
                    KeyValue<Bytes, byte[]> kv = it.next();
                    if (BlockKeys.level(kv.key.get()) == FULL_LEVEL) {
                        nextFullSeq = Math.max(nextFullSeq, BlockKeys.seq(kv.key.get()) + 1);
                    } else {
                        inputs.add(kv);
                    }
                }
            }
            if (inputs.size() < 2) {
                continue;
            }
            List<byte[]> outputs =
                    BlockMerger.merge(inputs.stream().map(kv -> kv.value).toList(), dims, maxBlockBytes);
            for (KeyValue<Bytes, byte[]> kv : inputs) {
                batch.put(kv.key, null);
            }
            for (int i = 0; i < outputs.size(); i++) {
                // All but the last are full; the last goes below full, where nothing else is left.
                byte[] key = i < outputs.size() - 1
                        ? BlockKeys.block(ws, d.shard(), d.day(), FULL_LEVEL, nextFullSeq++)
                        : BlockKeys.block(ws, d.shard(), d.day(), FULL_LEVEL - 1, 0);
                batch.put(Bytes.wrap(key), outputs.get(i));
            }
        }
        writeBatch(batch);
        return due.size();
    }

    /** Up to {@code max} shard-days written by this instance, past and idle long enough to consolidate. */
    private List<ShardDay> due(long nowMillis, int max) {
        long today = Math.floorDiv(nowMillis, 86_400_000L);
        List<ShardDay> due = new ArrayList<>();
        for (Map.Entry<ShardDay, Long> e : written.entrySet()) {
            if (e.getKey().day() < today - 1 && nowMillis - e.getValue() >= CONSOLIDATE_AFTER_IDLE_MILLIS) {
                due.add(e.getKey());
                if (due.size() == max) {
                    break;
                }
            }
        }
        return due;
    }

    /** Layout-2 blocks of one (workspace, day, level) whose seqs share this are moved together. */
    static long movedChunk(long unshardedSeq) {
        return unshardedSeq / MOVE_CHUNK;
    }

    /** The chunk a block at a level from {@link #MIGRATED_LEVEL} up was moved out of. */
    static long chunkOfMovedBlock(long seq) {
        return seq / MOVED_PER_CHUNK;
    }

    private static boolean sameChunk(byte[] a, byte[] b) {
        return Arrays.equals(BlockKeys.unshardedWorkspace(a), BlockKeys.unshardedWorkspace(b))
                && BlockKeys.day(a) == BlockKeys.day(b)
                && BlockKeys.level(a) == BlockKeys.level(b)
                && movedChunk(BlockKeys.seq(a)) == movedChunk(BlockKeys.seq(b));
    }

    /** Uncommitted work is thrown away (e.g. an aborted transaction), or the store opens or closes. */
    @Override
    protected void dropTable() {
        pending.clear();
        levels.clear();
        written.clear();
        last = null;
        pendingRows = 0;
    }

    /** Only a block key can be changed by the pending rows: a metadata read does not write them. */
    @Override
    public byte[] get(Bytes key) {
        if (BlockKeys.isBlock(key.get())) {
            writePendingIfOwner();
        }
        return inner.get(key);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> range(Bytes from, Bytes to) {
        writePendingIfOwner();
        return inner.range(from, to);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseRange(Bytes from, Bytes to) {
        writePendingIfOwner();
        return inner.reverseRange(from, to);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> all() {
        writePendingIfOwner();
        return inner.all();
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseAll() {
        writePendingIfOwner();
        return inner.reverseAll();
    }

    @Override
    public <PS extends Serializer<P>, P> KeyValueIterator<Bytes, byte[]> prefixScan(P prefix, PS prefixKeySerializer) {
        writePendingIfOwner();
        return inner.prefixScan(prefix, prefixKeySerializer);
    }

    /**
     * Direct writes (metadata keys, tools). Pending rows are written first so that order holds; a
     * direct write of a block key makes the counters be derived again.
     */
    @Override
    public void put(Bytes key, byte[] value) {
        beforeDirectWrite(key);
        inner.put(key, value);
    }

    @Override
    public byte[] putIfAbsent(Bytes key, byte[] value) {
        beforeDirectWrite(key);
        return inner.putIfAbsent(key, value);
    }

    @Override
    public void putAll(List<KeyValue<Bytes, byte[]>> entries) {
        for (KeyValue<Bytes, byte[]> e : entries) {
            beforeDirectWrite(e.key);
        }
        inner.putAll(entries);
    }

    @Override
    public byte[] delete(Bytes key) {
        beforeDirectWrite(key);
        return inner.delete(key);
    }

    private void beforeDirectWrite(Bytes key) {
        claimForWriter();
        writePending();
        if (BlockKeys.isBlock(key.get())) {
            levels.clear();
        }
    }

    @Override
    public long approximateNumEntries() {
        return inner.approximateNumEntries();
    }
}
