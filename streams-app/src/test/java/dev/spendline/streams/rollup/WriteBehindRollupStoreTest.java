package dev.spendline.streams.rollup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WriteBehindRollupStoreTest {

    private static final Rollup ONE = new Rollup(10, 1, 1, 1, 0, 0, 0, 0, 0, 0);

    private KeyValueStore<String, Rollup> written;
    private WriteBehindRollupStore store;

    @BeforeEach
    void init() {
        written = Stores.keyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore("rollups"), Serdes.String(), new RollupSerde())
                .withLoggingDisabled()
                .build();
        store = new WriteBehindRollupStore(written, 3, 10);
        store.init(new MockProcessorContext<Void, Void>().getStateStoreContext(), store);
    }

    @Test
    void updatesStayInMemoryUntilFlushThenReachTheStoreBelowOnce() {
        store.put("a", ONE);
        store.put("a", store.get("a").plus(ONE));

        assertThat(store.get("a").calls()).isEqualTo(2);
        assertThat(written.get("a")).as("not written before the commit").isNull();

        store.flush();

        assertThat(written.get("a").calls()).isEqualTo(2);
        assertThat(store.get("a").calls()).isEqualTo(2);
    }

    /**
     * The waste baselines read the rollups with range reads on the stream thread: they must see the
     * same updates as {@code get}, or a late event's day would count in one rule and not the other.
     */
    @Test
    void theWritersRangeReadsSeeItsUncommittedUpdatesAsGetDoes() {
        store.put("a", ONE);
        store.flush();
        store.put("a", store.get("a").plus(ONE));
        store.put("b", ONE);

        assertThat(values(store.range("a", "z"))).containsExactly("a=2", "b=1");
        assertThat(values(store.reverseRange("a", "z"))).containsExactly("b=1", "a=2");
        assertThat(values(store.all())).containsExactly("a=2", "b=1");
        assertThat(values(store.reverseAll())).containsExactly("b=1", "a=2");
        assertThat(values(store.prefixScan("b", Serdes.String().serializer()))).containsExactly("b=1");
    }

    @Test
    void otherThreadsRangeReadsSeeCommittedStateOnly() throws Exception {
        store.put("a", ONE);
        store.flush();
        store.put("a", store.get("a").plus(ONE));
        store.put("b", ONE);

        List<String> seen = new ArrayList<>();
        Thread query = new Thread(() -> seen.addAll(values(store.all())));
        query.start();
        query.join();

        assertThat(seen).containsExactly("a=1");
        assertThat(written.get("b"))
                .as("a query does not write the writer's updates")
                .isNull();
    }

    @Test
    void tooManyDirtyKeysAreWrittenEarly() {
        store.put("a", ONE);
        store.put("b", ONE);
        assertThat(written.get("a")).isNull();
        store.put("c", ONE);
        assertThat(keys(written)).containsExactly("a", "b", "c");
    }

    @Test
    void deleteRemovesDirtyAndWrittenValues() {
        store.put("a", ONE);
        store.flush();
        store.put("a", ONE.plus(ONE));
        assertThat(store.delete("a").calls()).isEqualTo(2);
        assertThat(store.get("a")).isNull();
        store.flush();
        assertThat(written.get("a")).isNull();
    }

    @Test
    void aQueryThreadThatReadsFirstDoesNotTakeTheUpdatesOfTheStreamThread() throws Exception {
        written.put("a", ONE);
        Thread query = new Thread(() -> store.get("a"));
        query.start();
        query.join();

        store.put("a", store.get("a").plus(ONE));

        assertThat(store.get("a").calls()).as("the writer sees its own update").isEqualTo(2);
        Rollup[] seenByQuery = new Rollup[1];
        Thread again = new Thread(() -> seenByQuery[0] = store.get("a"));
        again.start();
        again.join();
        assertThat(seenByQuery[0].calls())
                .as("other threads see committed state")
                .isEqualTo(1);
    }

    @Test
    void clearCacheDropsUncommittedUpdates() {
        store.put("a", ONE);
        store.flush();
        store.put("a", store.get("a").plus(ONE));

        store.clearCache();

        assertThat(store.get("a").calls()).isEqualTo(1);
    }

    private static List<String> values(KeyValueIterator<String, Rollup> it) {
        List<String> values = new ArrayList<>();
        try (it) {
            it.forEachRemaining(kv -> values.add(kv.key + "=" + kv.value.calls()));
        }
        return values;
    }

    private static List<String> keys(KeyValueStore<String, Rollup> s) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, Rollup> it = s.all()) {
            it.forEachRemaining((KeyValue<String, Rollup> kv) -> keys.add(kv.key));
        }
        return keys;
    }
}
