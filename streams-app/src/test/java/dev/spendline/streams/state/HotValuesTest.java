package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HotValuesTest {

    private static byte[] key(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Random puts, gets and removes over more keys than fit: whatever is found is the last value put
     * for that key, and every entry stays reachable (removals shift entries back, evictions free
     * slots), so the keys found are exactly as many as the table holds.
     */
    @Test
    void findsOnlyTheLastValueOfEachKeyAndLosesNoEntry() {
        Random random = new Random(29);
        HotValues hot = new HotValues(2, 64);
        Map<String, Long> last = new HashMap<>();
        long[] into = new long[2];
        for (int op = 0; op < 200_000; op++) {
            String k = "k" + random.nextInt(300);
            switch (random.nextInt(4)) {
                case 0, 1 -> {
                    long v = random.nextLong();
                    hot.put(key(k), new long[] {v, -v}, 0);
                    last.put(k, v);
                }
                case 2 -> {
                    if (hot.get(key(k), key(k).length, into, 0)) {
                        assertThat(into).containsExactly(last.get(k), -last.get(k));
                    }
                }
                default -> {
                    hot.remove(key(k), key(k).length);
                    last.remove(k);
                    assertThat(hot.get(key(k), key(k).length, into, 0)).isFalse();
                }
            }
            assertThat(hot.size()).isLessThanOrEqualTo(64);
            if (op % 10_000 == 0) {
                assertAllReachable(hot, last);
            }
        }
        assertAllReachable(hot, last);
    }

    private static void assertAllReachable(HotValues hot, Map<String, Long> last) {
        long[] into = new long[2];
        int found = 0;
        for (int i = 0; i < 300; i++) {
            byte[] k = key("k" + i);
            if (hot.get(k, k.length, into, 0)) {
                found++;
                assertThat(into[0]).isEqualTo(last.get("k" + i));
            }
        }
        assertThat(found).isEqualTo(hot.size());
    }

    /** Keys that every commit touches stay while a stream of one-off keys passes through. */
    @Test
    void keysInUseSurviveAStreamOfOneOffKeys() {
        HotValues hot = new HotValues(1, 100);
        for (int i = 0; i < 10; i++) {
            hot.put(key("hot" + i), new long[] {i}, 0);
        }
        long[] into = new long[1];
        for (int n = 0; n < 5_000; n++) {
            hot.put(key("cold" + n), new long[] {n}, 0);
            for (int i = 0; i < 10; i++) {
                assertThat(hot.get(key("hot" + i), key("hot" + i).length, into, 0))
                        .as("hot%d after %d cold keys", i, n)
                        .isTrue();
                assertThat(into[0]).isEqualTo(i);
            }
        }
        assertThat(hot.size()).isEqualTo(100);
        assertThat(hot.get(key("cold0"), key("cold0").length, into, 0)).isFalse();
    }

    @Test
    void growsUpToItsCapacityAndThenEvicts() {
        HotValues hot = new HotValues(1, 5_000);
        for (int i = 0; i < 5_000; i++) {
            hot.put(key("k" + i), new long[] {i}, 0);
        }
        assertThat(hot.size()).isEqualTo(5_000);
        long[] into = new long[1];
        for (int i = 0; i < 5_000; i++) {
            assertThat(hot.get(key("k" + i), key("k" + i).length, into, 0)).isTrue();
            assertThat(into[0]).isEqualTo(i);
        }
        hot.put(key("one more"), new long[] {-1}, 0);
        assertThat(hot.size()).isEqualTo(5_000);
        assertThat(hot.get(key("one more"), key("one more").length, into, 0)).isTrue();
    }

    @Test
    void keysWithTheSameHashStayApartAndRemovingOneKeepsTheOther() {
        byte[][] keys = DeltaTableTest.collidingKeys();
        HotValues hot = new HotValues(1, 8);
        hot.put(keys[0], new long[] {1}, 0);
        hot.put(keys[1], new long[] {2}, 0);
        long[] into = new long[1];
        assertThat(hot.get(keys[0], keys[0].length, into, 0)).isTrue();
        assertThat(into[0]).isEqualTo(1);
        hot.remove(keys[0], keys[0].length);
        assertThat(hot.get(keys[0], keys[0].length, into, 0)).isFalse();
        assertThat(hot.get(keys[1], keys[1].length, into, 0)).isTrue();
        assertThat(into[0]).isEqualTo(2);
    }

    @Test
    void clearEmptiesIt() {
        HotValues hot = new HotValues(1, 4);
        hot.put(key("a"), new long[] {1}, 0);
        hot.clear();
        assertThat(hot.size()).isZero();
        assertThat(hot.get(key("a"), 1, new long[1], 0)).isFalse();
        hot.put(key("a"), new long[] {2}, 0);
        long[] into = new long[1];
        assertThat(hot.get(key("a"), 1, into, 0)).isTrue();
        assertThat(into[0]).isEqualTo(2);
    }
}
