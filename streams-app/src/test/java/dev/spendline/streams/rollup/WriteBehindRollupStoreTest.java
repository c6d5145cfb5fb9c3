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
        assertThat(keys(store)).as("range reads see committed state only").isEmpty();

        store.flush();

        assertThat(written.get("a").calls()).isEqualTo(2);
        assertThat(keys(store)).containsExactly("a");
        assertThat(store.get("a").calls()).isEqualTo(2);
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

    private static List<String> keys(KeyValueStore<String, Rollup> s) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, Rollup> it = s.all()) {
            it.forEachRemaining((KeyValue<String, Rollup> kv) -> keys.add(kv.key));
        }
        return keys;
    }
}
