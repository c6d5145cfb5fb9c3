package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * The rollup store: the processor folds per-event deltas into a binary {@link DeltaTable}, and the
 * table is merged into RocksDB once per distinct key when Kafka Streams flushes state before it
 * commits. Every other reader sees a plain {@code KeyValueStore<String, Rollup>}.
 *
 * <p><b>On disk nothing changes</b>: keys are the UTF-8 bytes of the {@code RollupKeys} string and
 * values are {@code RollupSerde}'s 81 bytes, in the same logged RocksDB store (Metered →
 * ChangeLogging → RocksDB, pass-through serdes) that {@code WriteBehindRollupStore} wrote, so
 * state and changelogs written by either are read by both.
 *
 * <p><b>The event path</b>, {@link #add}, is a probe of the delta table and ten additions: no
 * RocksDB read, no allocation. A <b>merge</b> (before each commit, on {@link #flush}, and early
 * when {@code maxPending} keys are pending, as Kafka Streams' record cache evicts) computes for
 * each pending key base + delta, where base is the {@link HotValues} entry or else a RocksDB read,
 * writes all of them in one {@code putAll} (one RocksDB write batch, one changelog record per key)
 * and remembers the new values in the hot table. The only allocations per written key are its
 * key and value arrays, which RocksDB and the producer need.
 *
 * <p><b>Exactly-once</b>: {@link #flushCache} runs before every commit because this store is a
 * {@link CachedStateStore} registered as the outermost store ({@link #init} passes {@code root}
 * down), so the changelog records join the transaction of the input offsets. An early merge writes
 * into the same open transaction, which is equally safe. {@link #clearCache} and {@link #close}
 * drop the pending deltas and the hot values (an aborted task must lose its deltas, and hot values
 * may be uncommitted). {@code CachedStateStore} is internal to Kafka Streams; {@code
 * CachedStateStoreHookTest} fails if an upgrade stops calling it.
 *
 * <p><b>Reads</b>: on the stream thread that writes (the owner, claimed by the first write and
 * reset by {@link #init}), {@link #get} and {@link #current} return base + pending, and range reads
 * first merge the pending deltas (an early flush) and then read RocksDB. Any other thread
 * (interactive queries) reads RocksDB only: state up to the last commit, plus anything merged
 * early, as with Kafka Streams' own cache.
 *
 * <p><b>Use from a processor</b> (Kafka Streams hands processors a decorator, hence {@link #of}):
 *
 * <pre>{@code
 * store = AggregatingRollupStore.of(context.getStateStore(StoreNames.PRODUCT_ROLLUPS));
 * key.reset().put(workspaceUtf8).put((byte) 0).put((byte) 'h').put((byte) 0).putAscii("tn").put((byte) 0);
 * int prefix = key.mark();
 * key.putHex8(hour).put((byte) 0).put(tenantUtf8);
 * store.add(key, delta);            // delta: long[WIDTH], reused across events
 * key.truncate(prefix);             // next bucket of the same code
 * }</pre>
 *
 * <p>The typed read side (ranges, IQv2) is {@link StringKeyedBytesStore}'s.
 */
public final class AggregatingRollupStore extends StringKeyedBytesStore<Rollup> {

    /** Values per key, in {@link Rollup}'s order: costNanos, calls, input, output, cacheRead, cacheWrite, errors, retries, latencySumMs, latencyCount. */
    public static final int WIDTH = RollupBytes.WIDTH;

    private final int maxPending;
    private final DeltaTable pending;
    private final HotValues hot;
    private final long[] delta = new long[WIDTH];
    /** New values of the keys of one merge, {@code WIDTH} per key, kept for the hot table until the write succeeded. */
    private long[] merged = new long[0];
    /** Per key of one merge: its hot-table entry (or -1) and its hash, for the update after the write. */
    private int[] hotEntries = new int[0];

    private int[] hashes = new int[0];
    /** Written by the owner only; a metrics thread may read a slightly stale value. */
    private long earlyMerges;

    AggregatingRollupStore(KeyValueStore<Bytes, byte[]> stored, int maxPending, int maxHot) {
        super(stored);
        if (maxPending < 1) {
            throw new IllegalArgumentException("maxPending must be positive: " + maxPending);
        }
        this.maxPending = maxPending;
        this.pending = new DeltaTable(WIDTH, Math.min(maxPending, 4096));
        this.hot = new HotValues(WIDTH, maxHot);
    }

    /**
     * The store behind what {@code ProcessingContext.getStateStore} returns: Kafka Streams hands a
     * processor a read-write decorator of the registered store, not the store itself, so {@link
     * #add} is reached through this.
     */
    public static AggregatingRollupStore of(StateStore store) {
        return DecoratedStores.unwrap(store, AggregatingRollupStore.class);
    }

    /**
     * Folds {@code delta[0, WIDTH)} into the key's pending value: the event path. Reads nothing
     * and allocates nothing; when {@code maxPending} keys are pending they are merged early.
     */
    public void add(KeyBuilder key, long[] delta) {
        claimForWriter();
        pending.add(key.buffer(), key.length(), delta);
        if (pending.size() >= maxPending) {
            earlyMerges++;
            mergePending();
        }
    }

    /**
     * How often {@code maxPending} forced a merge before a commit since this store was built: it
     * should stay near 0 (each early merge writes keys that the commit may write again); if not,
     * raise {@code maxPending}.
     */
    public long earlyMerges() {
        return earlyMerges;
    }

    /**
     * The key's current value into {@code into[0, WIDTH)}: on the owner thread the stored value
     * plus the pending delta, on any other thread the stored value. False (and {@code into}
     * zeroed) if the key has neither. Allocates only when it reads RocksDB.
     */
    public boolean current(KeyBuilder key, long[] into) {
        return current(key.buffer(), key.length(), into);
    }

    private boolean current(byte[] key, int len, long[] into) {
        if (!ownedByCaller()) {
            return storedValue(key, len, into, 0);
        }
        boolean found = baseOf(key, len, into, 0, true);
        if (!found) {
            Arrays.fill(into, 0, WIDTH, 0L);
        }
        if (pending.get(key, len, delta)) {
            DeltaTable.fold(into, 0, delta, 0, WIDTH);
            found = true;
        }
        return found;
    }

    /** The owner's committed-or-merged value: the hot table, else RocksDB (remembered if {@code remember}). */
    private boolean baseOf(byte[] key, int len, long[] into, int at, boolean remember) {
        if (hot.get(key, len, into, at)) {
            return true;
        }
        byte[] exact = len == key.length ? key : Arrays.copyOf(key, len);
        byte[] bytes = inner.get(Bytes.wrap(exact));
        if (bytes == null) {
            return false;
        }
        RollupBytes.decode(bytes, into, at);
        if (remember) {
            hot.put(exact == key ? exact.clone() : exact, into, at);
        }
        return true;
    }

    private boolean storedValue(byte[] key, int len, long[] into, int at) {
        byte[] bytes = inner.get(Bytes.wrap(len == key.length ? key : Arrays.copyOf(key, len)));
        if (bytes == null) {
            Arrays.fill(into, at, at + WIDTH, 0L);
            return false;
        }
        RollupBytes.decode(bytes, into, at);
        return true;
    }

    /**
     * Writes every pending key once, in one batch, and clears the pending table. Each key is hashed
     * once and probed in the hot table once: a hit's entry is remembered and updated in place after
     * the write, a miss is inserted then.
     */
    private void mergePending() {
        int n = pending.size();
        if (n == 0) {
            return;
        }
        if (merged.length < n * WIDTH) {
            merged = new long[Math.max(n, 1024) * WIDTH];
            hotEntries = new int[Math.max(n, 1024)];
            hashes = new int[Math.max(n, 1024)];
        }
        List<KeyValue<Bytes, byte[]>> batch = new ArrayList<>(n);
        pending.forEach((keys, keyOffset, keyLength, values, valuesOffset) -> {
            byte[] key = Arrays.copyOfRange(keys, keyOffset, keyOffset + keyLength);
            int i = batch.size();
            int at = i * WIDTH;
            int h = KeyHash.of(key, keyLength);
            int e = hot.find(key, keyLength, h);
            hashes[i] = h;
            hotEntries[i] = e;
            if (e >= 0) {
                hot.copyTo(e, merged, at);
            } else if (!storedValue(key, keyLength, merged, at)) {
                Arrays.fill(merged, at, at + WIDTH, 0L);
            }
            DeltaTable.fold(merged, at, values, valuesOffset, WIDTH);
            batch.add(KeyValue.pair(Bytes.wrap(key), RollupBytes.encode(merged, at)));
        });
        inner.putAll(batch);
        // Only now: the hot table must never hold a value that was not written. Hits first: an
        // insert may evict, and entries found above stay valid only until then.
        for (int i = 0; i < batch.size(); i++) {
            if (hotEntries[i] >= 0) {
                hot.set(hotEntries[i], merged, i * WIDTH);
            }
        }
        for (int i = 0; i < batch.size(); i++) {
            if (hotEntries[i] < 0) {
                hot.insert(batch.get(i).key.get(), hashes[i], merged, i * WIDTH);
            }
        }
        pending.clear();
    }

    @Override
    public Rollup get(String key) {
        byte[] k = utf8(key);
        long[] into = new long[WIDTH];
        return current(k, k.length, into) ? RollupBytes.toRollup(into) : null;
    }

    /** Replaces the value (nobody needs this; it is kept exact): pending deltas are merged first. */
    @Override
    public void put(String key, Rollup value) {
        if (value == null) {
            delete(key);
            return;
        }
        claimForWriter();
        mergePending();
        byte[] k = utf8(key);
        hot.remove(k, k.length);
        inner.put(Bytes.wrap(k), RollupBytes.toBytes(value));
        long[] v = new long[WIDTH];
        value.copyInto(v);
        hot.put(k, v, 0);
    }

    @Override
    public Rollup putIfAbsent(String key, Rollup value) {
        Rollup current = get(key);
        if (current == null) {
            put(key, value);
        }
        return current;
    }

    @Override
    public void putAll(List<KeyValue<String, Rollup>> entries) {
        entries.forEach(e -> put(e.key, e.value));
    }

    /** Deletes the key, pending delta included (the pending deltas are merged first). */
    @Override
    public Rollup delete(String key) {
        claimForWriter();
        mergePending();
        byte[] k = utf8(key);
        hot.remove(k, k.length);
        byte[] old = inner.delete(Bytes.wrap(k));
        return old == null ? null : RollupBytes.toRollup(old);
    }

    @Override
    protected void writePending() {
        mergePending();
    }

    /** Uncommitted work is thrown away (e.g. an aborted transaction, a recycled task), or the store opens or closes. */
    @Override
    protected void dropTable() {
        pending.clear();
        hot.clear();
    }

    @Override
    protected Rollup decode(byte[] stored) {
        return RollupBytes.toRollup(stored);
    }
}
