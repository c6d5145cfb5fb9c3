package dev.spendline.streams.combination;

import dev.spendline.streams.state.DecoratedStores;
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
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * The combination rollup as per-commit blocks: every event's (values of all dimensions, hour) row is
 * folded in memory, and before each commit ({@link #flushCache}) each (workspace, day) touched gets
 * ONE new block holding all its rows: one RocksDB put and one changelog record, where one key per
 * distinct combination and bucket cost about two per event. A bounded compaction in the same write
 * batch keeps the number of blocks of a day small.
 *
 * <h2>Keys</h2>
 * {@code 0x06 | u8 wsLen | workspace UTF-8 | u32 day | u8 level | u32 seq}, big-endian ({@link
 * BlockKeys}); {@code 0x00} is left for metadata.
 *
 * <h2>Block value, format v1</h2>
 * <pre>
 * u8  version = 1
 * u8  dims
 * u32 rows
 * per dimension: u32 n, then n × (u16 length, UTF-8 bytes)   the column's dictionary: the distinct
 *                                                             values of the block, sorted by bytes
 * n(first dimension) × (u32 offset, u32 count)               the first column's index: per id, the
 *                                                             byte offset of its first row (from the
 *                                                             first row) and its number of rows
 * rows × (per dimension: varint id; u8 hour; 10 × zigzag varint measures)
 * </pre>
 * Ids index the column's dictionary; "" (not attributed) is a value like any other. The hour is the
 * hour of day, or {@link #HOUR_UNKNOWN} for a row that counts for its day only. Measures are
 * Rollup's ten in its order. Rows are sorted by (ids in dimension order, hour) and no two are equal,
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
public final class CombinationBlockStore implements KeyValueStore<Bytes, byte[]>, CachedStateStore<Bytes, byte[]> {

    /** The row counts for its day only (received outside the hourly horizon). */
    public static final int HOUR_UNKNOWN = 255;

    /** Blocks at this level are full: never merged again. */
    static final int FULL_LEVEL = 7;

    static final int MERGE_AT = 16;
    static final int MAX_BLOCK_BYTES = 256 * 1024;
    static final int MAX_COUNTED_DAYS = 16_384;

    private static final Comparator<PendingDay> DAY_ORDER =
            Comparator.comparing((PendingDay p) -> p.workspaceId).thenComparingLong(p -> p.day);

    private final KeyValueStore<Bytes, byte[]> inner;
    private final int dims;
    private final int maxPendingRows;
    private final int maxBlockBytes;
    private final Map<DayId, PendingDay> pending = new HashMap<>();
    /**
     * The counters of recently written days; an evicted day is read again from RocksDB when next
     * written (after its batch was written, so the read sees it), which keeps a backfill over many
     * days and workspaces from holding counters for all of them.
     */
    private final Map<DayId, Levels> levels = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<DayId, Levels> eldest) {
            return size() > MAX_COUNTED_DAYS;
        }
    };

    private final Row probe;
    private PendingDay last;
    private int pendingRows;
    /** Only the stream thread that folds uses the pending rows; any other reader reads RocksDB. */
    private volatile Thread owner;

    CombinationBlockStore(KeyValueStore<Bytes, byte[]> inner, int dims, int maxPendingRows, int maxBlockBytes) {
        if (dims < 1 || dims > 255) {
            throw new IllegalArgumentException("dims " + dims);
        }
        this.inner = inner;
        this.dims = dims;
        this.maxPendingRows = maxPendingRows;
        this.maxBlockBytes = maxBlockBytes;
        this.probe = new Row(dims);
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

    /** The rows folded since the last flush for one (workspace, day). */
    private static final class PendingDay {
        final String workspaceId;
        final byte[] ws;
        final long day;
        final Map<Row, Row> rows = new HashMap<>();

        PendingDay(String workspaceId, long day) {
            this.workspaceId = workspaceId;
            this.ws = BlockKeys.workspace(workspaceId);
            this.day = day;
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
     * @param delta Rollup's ten measures in its order
     */
    public void add(String workspaceId, long day, int hourOfDay, String[] values, long[] delta) {
        if (values.length != dims || delta.length != Row.MEASURES) {
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
            p = pending.computeIfAbsent(new DayId(workspaceId, day), id -> new PendingDay(id.workspaceId, id.day));
            last = p;
        }
        Row row = p.rows.get(probe.probe(values, hourOfDay));
        if (row == null) {
            row = probe.copyKey();
            p.rows.put(row, row);
            pendingRows++;
        }
        row.add(delta);
        if (pendingRows >= maxPendingRows) {
            writePending();
        }
    }

    /** Rows folded and not yet written (for tests and metrics). */
    int pendingRows() {
        return pendingRows;
    }

    private void claimForWriter() {
        if (owner != Thread.currentThread()) {
            owner = Thread.currentThread();
        }
    }

    private boolean ownedByCaller() {
        return owner == Thread.currentThread();
    }

    private void writePendingIfOwner() {
        if (ownedByCaller() && pendingRows > 0) {
            writePending();
        }
    }

    /**
     * One level-0 block per pending (workspace, day), then the merges they call for, all in one
     * {@code putAll}. Days go in (workspace, day) order so that the same input writes the same keys.
     */
    private void writePending() {
        if (pending.isEmpty()) {
            return;
        }
        List<PendingDay> days = new ArrayList<>(pending.values());
        days.sort(DAY_ORDER);
        pending.clear();
        last = null;
        pendingRows = 0;
        Map<Bytes, byte[]> batch = new LinkedHashMap<>();
        try {
            for (PendingDay p : days) {
                Levels lv = levelsOf(p.workspaceId, p.ws, p.day);
                List<Row> rows = new ArrayList<>(p.rows.keySet());
                rows.sort(Row.ORDER);
                writeBlocks(p.ws, p.day, lv, rows, 0, batch);
                compact(p.ws, p.day, lv, batch);
            }
            List<KeyValue<Bytes, byte[]>> entries = new ArrayList<>(batch.size());
            batch.forEach((k, v) -> entries.add(KeyValue.pair(k, v)));
            inner.putAll(entries);
        } catch (RuntimeException e) {
            // The counters may no longer match RocksDB: derive them again.
            levels.clear();
            throw e;
        }
    }

    /**
     * Writes sorted rows as blocks of {@code level}; when they need several blocks, all but the
     * last are full.
     */
    private void writeBlocks(byte[] ws, long day, Levels lv, List<Row> rows, int level, Map<Bytes, byte[]> batch) {
        byte[] block = BlockCodec.encode(rows, dims);
        // Rarely (a commit of more than about 5,000 rows for one day): cut into blocks under the cap.
        List<byte[]> blocks =
                block.length <= maxBlockBytes ? List.of(block) : BlockMerger.merge(List.of(block), dims, maxBlockBytes);
        for (int i = 0; i < blocks.size(); i++) {
            put(ws, day, lv, levelOf(i, blocks.size(), level), blocks.get(i), batch);
        }
    }

    /** Of the blocks one write needs, all but the last are full. */
    private static int levelOf(int block, int blocks, int level) {
        return block < blocks - 1 ? FULL_LEVEL : Math.min(level, FULL_LEVEL);
    }

    private static void put(byte[] ws, long day, Levels lv, int level, byte[] block, Map<Bytes, byte[]> batch) {
        batch.put(Bytes.wrap(BlockKeys.block(ws, day, level, lv.nextSeq[level]++)), block);
        lv.count[level]++;
    }

    /** Merges every level that reached {@link #MERGE_AT} blocks, lowest first, so merges cascade. */
    private void compact(byte[] ws, long day, Levels lv, Map<Bytes, byte[]> batch) {
        for (int level = 0; level < FULL_LEVEL; level++) {
            if (lv.count[level] < MERGE_AT) {
                continue;
            }
            List<byte[]> inputs = new ArrayList<>();
            for (Map.Entry<Bytes, byte[]> block : blocksOf(ws, day, level, batch)) {
                inputs.add(block.getValue());
                delete(batch, block.getKey());
            }
            lv.count[level] = 0;
            List<byte[]> outputs = BlockMerger.merge(inputs, dims, maxBlockBytes);
            for (int i = 0; i < outputs.size(); i++) {
                put(ws, day, lv, levelOf(i, outputs.size(), level + 1), outputs.get(i), batch);
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
    private List<Map.Entry<Bytes, byte[]>> blocksOf(byte[] ws, long day, int level, Map<Bytes, byte[]> batch) {
        Bytes from = Bytes.wrap(BlockKeys.levelStart(ws, day, level));
        Bytes to = Bytes.wrap(BlockKeys.levelEnd(ws, day, level));
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
     * The counters of a day, read from RocksDB on first touch: the levels that merge are read
     * whole (at most {@value #MERGE_AT} blocks each), full blocks only for their last seq.
     */
    private Levels levelsOf(String workspaceId, byte[] ws, long day) {
        DayId id = new DayId(workspaceId, day);
        Levels lv = levels.get(id);
        if (lv != null) {
            return lv;
        }
        lv = new Levels();
        Bytes from = Bytes.wrap(BlockKeys.levelStart(ws, day, 0));
        Bytes to = Bytes.wrap(BlockKeys.levelEnd(ws, day, FULL_LEVEL - 1));
        try (KeyValueIterator<Bytes, byte[]> it = inner.range(from, to)) {
            while (it.hasNext()) {
                count(lv, it.next().key.get());
            }
        }
        try (KeyValueIterator<Bytes, byte[]> it = inner.reverseRange(
                Bytes.wrap(BlockKeys.levelStart(ws, day, FULL_LEVEL)),
                Bytes.wrap(BlockKeys.levelEnd(ws, day, FULL_LEVEL)))) {
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

    /** Blocks per level of one (workspace, day) as the counters see them (for tests). */
    int[] levelCounts(String workspaceId, long day) {
        Levels lv = levels.get(new DayId(workspaceId, day));
        return lv == null ? null : Arrays.copyOf(lv.count, lv.count.length);
    }

    @Override
    public void flush() {
        writePending();
        inner.flush();
    }

    /** Called by Kafka Streams before every commit: this store must be registered as the root. */
    @Override
    public void flushCache() {
        writePending();
    }

    /** Called when a task's uncommitted work is thrown away (e.g. an aborted transaction). */
    @Override
    public void clearCache() {
        dropMemory();
    }

    private void dropMemory() {
        pending.clear();
        levels.clear();
        last = null;
        pendingRows = 0;
    }

    /** Nothing is forwarded downstream from this store. */
    @Override
    public boolean setFlushListener(CacheFlushListener<Bytes, byte[]> listener, boolean sendOldValues) {
        return false;
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

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        owner = null;
        dropMemory();
        inner.init(context, root);
    }

    @Override
    public void close() {
        // A clean shutdown commits (so flushes) first; after an error, what was not written must go.
        dropMemory();
        owner = null;
        inner.close();
    }

    @Override
    public boolean persistent() {
        return inner.persistent();
    }

    @Override
    public boolean isOpen() {
        return inner.isOpen();
    }

    @Override
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        return inner.query(query, positionBound, config);
    }

    @Override
    public Position getPosition() {
        return inner.getPosition();
    }
}
