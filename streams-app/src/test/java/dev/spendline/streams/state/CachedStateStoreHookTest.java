package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupSerde;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.streams.KeyValue;
import org.junit.jupiter.api.Test;

/**
 * Pins the one Kafka Streams behaviour {@link AggregatingRollupStore} depends on: before a commit,
 * Kafka Streams calls {@code flushCache()} of every registered store that implements the internal
 * {@code CachedStateStore}. Under exactly-once only what is written before the commit is in the
 * committed transaction; a store flushed later ({@code flush()} at the checkpoint) would put its
 * records into the next, still open, transaction, and the changelog would show nothing here.
 * If an upgrade drops or renames the hook, this test fails.
 */
class CachedStateStoreHookTest {

    @Test
    void kafkaStreamsFlushesTheDeltasIntoTheCommittedTransaction() throws Exception {
        try (StoreDriver driver =
                new StoreDriver(new AggregatingRollupStoreBuilder(StoreDriver.STORE, 1_000, 1_000), true)) {
            long[] delta = {7_000, 1, 100, 20, 0, 0, 0, 0, 350, 1, 0, 0};
            driver.aggregate(store -> {
                KeyBuilder key = new KeyBuilder(16).putAscii("ws").put((byte) 0).putAscii("tn");
                store.add(key, delta);
                store.add(key, delta);
            });

            Rollup expected = new Rollup(14_000, 2, 200, 40, 0, 0, 0, 0, 700, 2);
            List<KeyValue<String, byte[]>> committed = driver.changelog();
            assertThat(committed).hasSize(1);
            assertThat(committed.get(0).key).isEqualTo("ws\0tn");
            assertThat(committed.get(0).value)
                    .isEqualTo(new RollupSerde().serializer().serialize("any", expected));

            AtomicReference<Rollup> seenByQuery = new AtomicReference<>();
            Thread query = new Thread(() -> seenByQuery.set(driver.store().get("ws\0tn")));
            query.start();
            query.join();
            assertThat(seenByQuery.get()).isEqualTo(expected);
            assertThat(new String(committed.get(0).key.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                    .isEqualTo("ws\0tn");
        }
    }
}
