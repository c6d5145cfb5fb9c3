package dev.spendline.streams.rollup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HourlyHorizonTest {

    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
    private static final Rollup ONE = new Rollup(10, 1, 1, 1, 0, 0, 0, 0, 0, 0);

    private KeyValueStore<String, Rollup> store;

    @BeforeEach
    void init() {
        store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("rollups"), Serdes.String(), new RollupSerde())
                .withLoggingDisabled()
                .build();
        store.init(new MockProcessorContext<Void, Void>().getStateStoreContext(), store);
    }

    @Test
    void anEventIsRolledUpByTheHourOnlyWhenReceivedWithinTheHorizon() {
        Instant received = Instant.parse("2026-11-25T12:00:00Z");
        assertThat(HourlyHorizon.keeps(hour(received.minus(Duration.ofDays(7))), received))
                .isTrue();
        assertThat(HourlyHorizon.keeps(hour(received.minus(Duration.ofDays(8))), received))
                .isTrue();
        assertThat(HourlyHorizon.keeps(hour(received.minus(Duration.ofDays(8)).minusSeconds(3600)), received))
                .isFalse();
        assertThat(HourlyHorizon.keeps(hour(received.plus(Duration.ofHours(3))), received))
                .as("a clock ahead of ours is still recent")
                .isTrue();
    }

    @Test
    void expiryDeletesHoursPastTheHorizonAndAGraceDayOfEveryWorkspaceAndCodeAndNothingElse() {
        Instant old = NOW.minus(Duration.ofDays(12));
        Instant edge = NOW.minus(Duration.ofDays(8)).minus(Duration.ofHours(2));
        Instant recent = NOW.minus(Duration.ofHours(3));
        for (String ws : List.of("ws_a", "ws_b")) {
            for (String code : List.of(RollupKeys.TOTAL, "f", "t+f")) {
                put(ws, Granularity.HOUR, code, old, "x");
                put(ws, Granularity.HOUR, code, edge, "x");
                put(ws, Granularity.HOUR, code, recent, "x");
                put(ws, Granularity.DAY, code, old, "x");
            }
            store.put(RollupKeys.monthKey(ws, RollupKeys.TOTAL, RollupKeys.monthOf(RollupKeys.monthAt(old)), ""), ONE);
        }

        int deleted = HourlyHorizon.expire(store, NOW, 1_000);

        assertThat(deleted).isEqualTo(6);
        List<String> left = keys();
        assertThat(left).noneMatch(k -> k.contains(RollupKeys.bucketHex(Granularity.HOUR.bucketOf(old))));
        assertThat(left)
                .as("within the grace day, recent hours, days and months stay")
                .hasSize(2 * 3 * 3 + 2);
    }

    @Test
    void oneRunDeletesAtMostItsShareAndTheNextRunGoesOn() {
        for (int h = 0; h < 50; h++) {
            put("ws_a", Granularity.HOUR, "f", NOW.minus(Duration.ofDays(20)).plus(Duration.ofHours(h)), "v");
        }
        assertThat(HourlyHorizon.expire(store, NOW, 20)).isEqualTo(20);
        assertThat(HourlyHorizon.expire(store, NOW, 20)).isEqualTo(20);
        assertThat(HourlyHorizon.expire(store, NOW, 20)).isEqualTo(10);
        assertThat(keys()).isEmpty();
    }

    private void put(String ws, Granularity g, String code, Instant at, String value) {
        store.put(RollupKeys.key(ws, g, code, g.bucketOf(at), value), ONE);
    }

    private static long hour(Instant at) {
        return Granularity.HOUR.bucketOf(at);
    }

    private List<String> keys() {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, Rollup> it = store.all()) {
            it.forEachRemaining(kv -> keys.add(kv.key));
        }
        return keys;
    }
}
