package dev.spendline.streams.state;

import java.nio.ByteBuffer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The version of the state's layout, kept as one metadata key ({@code 0x00 "layout"}) in the
 * product combinations store, and checked when a task starts.
 *
 * <p>Layout 2 (issue #29) reads layout 1 as it is: the rollup keys and values kept their bytes,
 * the keys it stopped writing are still read for the buckets they hold, and the combinations
 * store is new. So a task that finds no marker (a data directory or changelog of an earlier
 * version, or a new one) writes it and goes on. A marker of a later layout means a newer version
 * wrote this state, which this one may read wrong: the task fails at start with a message saying
 * so, instead of answering from state it does not understand. (Going back to an earlier version is
 * not supported: it would miss what this layout no longer writes twice; see README "Upgrading".)
 *
 * <p>Layout 3 (issue #30) keeps the product combinations' blocks per customer shard; it reads layout
 * 2's blocks as they are and moves them into shards in the background ({@code CombinationBlockStore}).
 * Layout 2 would not see the shards' blocks, so a layout-3 marker stops it.
 *
 * <p>Layout 4 (issue #32) counts the cost Spendline estimated for calls sent with cost 0, and the
 * unpriced calls: rollup values of version 2 ({@code RollupSerde}, written only where something is
 * estimated or unpriced) and combination blocks of format v2 (twelve measures a row). It reads
 * layout 3's values and blocks as they are (nothing estimated); layout 3 would fail on the new ones,
 * so a layout-4 marker stops it with this message instead.
 *
 * <p>Layout 5 (issue #29) keeps the run steps that succeeded per run ({@code succeeded-run-steps},
 * a new store) instead of per step; the store of layout 4 is still read for what it held, and no
 * longer written. Layout 4 would not see the new store and would count a repeated step as new, so
 * a layout-5 marker stops it.
 */
public final class StateLayout {

    /** The layout this version writes. */
    public static final int CURRENT = 5;

    static final Bytes KEY = Bytes.wrap(new byte[] {0x00, 'l', 'a', 'y', 'o', 'u', 't'});

    private StateLayout() {}

    /** The layout written into {@code store}; 0 when none was (layout 1, or an empty store). */
    public static int of(ReadOnlyKeyValueStore<Bytes, byte[]> store) {
        byte[] value = store.get(KEY);
        if (value == null) {
            return 0;
        }
        if (value.length != Integer.BYTES) {
            throw new IllegalStateException("The state layout marker is unreadable (" + value.length + " bytes)");
        }
        return ByteBuffer.wrap(value).getInt();
    }

    /** Refuses state that a later layout wrote. */
    public static void check(ReadOnlyKeyValueStore<Bytes, byte[]> store, String storeName) {
        int found = of(store);
        if (found > CURRENT) {
            throw new IllegalStateException("The state in " + storeName + " has layout " + found
                    + ", written by a newer version of Spendline; this version reads layouts up to " + CURRENT
                    + ". Run the newer version (going back is not supported), or delete the state directory"
                    + " and let it be rebuilt from Kafka.");
        }
    }

    /** Writes this version's marker once, where none is (it goes to the changelog like any write). */
    public static void mark(KeyValueStore<Bytes, byte[]> store) {
        if (of(store) != CURRENT) {
            store.put(KEY, ByteBuffer.allocate(Integer.BYTES).putInt(CURRENT).array());
        }
    }
}
