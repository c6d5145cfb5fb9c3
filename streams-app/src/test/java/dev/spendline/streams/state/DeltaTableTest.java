package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DeltaTableTest {

    private static final int WIDTH = 10;
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void foldsLikeAMapOfSums() {
        Random random = new Random(29);
        byte[][] pool = new byte[5_000][];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = new byte[i == 0 ? 0 : random.nextInt(i % 7 == 0 ? 200 : 60)];
            random.nextBytes(pool[i]);
        }
        DeltaTable table = new DeltaTable(WIDTH, 1);
        Map<String, long[]> oracle = new HashMap<>();
        byte[] buffer = new byte[512];
        long[] delta = new long[WIDTH];
        for (int op = 0; op < 100_000; op++) {
            byte[] key = pool[random.nextInt(random.nextBoolean() ? 50 : pool.length)];
            // The key sits at the start of a larger buffer with stale bytes after it, as in a KeyBuilder.
            random.nextBytes(buffer);
            System.arraycopy(key, 0, buffer, 0, key.length);
            for (int i = 0; i < WIDTH; i++) {
                delta[i] = random.nextInt(2_000_000) - 1_000_000;
            }
            table.add(buffer, key.length, delta);
            long[] sum = oracle.computeIfAbsent(HEX.formatHex(key), k -> new long[WIDTH]);
            for (int i = 0; i < WIDTH; i++) {
                sum[i] += delta[i];
            }
            if (op % 30_000 == 29_999) {
                assertSame(table, oracle);
                table.clear();
                oracle.clear();
            }
        }
        assertSame(table, oracle);
        assertThat(table.get(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 9, new long[WIDTH]))
                .isFalse();
    }

    private static void assertSame(DeltaTable table, Map<String, long[]> oracle) {
        assertThat(table.size()).isEqualTo(oracle.size());
        Map<String, long[]> seen = new HashMap<>();
        table.forEach((keys, keyOffset, keyLength, values, valuesOffset) -> {
            long[] previous = seen.put(
                    HEX.formatHex(keys, keyOffset, keyOffset + keyLength),
                    Arrays.copyOfRange(values, valuesOffset, valuesOffset + WIDTH));
            assertThat(previous).as("each key is visited once").isNull();
        });
        assertThat(seen.keySet()).isEqualTo(oracle.keySet());
        long[] into = new long[WIDTH];
        for (Map.Entry<String, long[]> e : oracle.entrySet()) {
            byte[] key = HEX.parseHex(e.getKey());
            assertThat(table.get(key, key.length, into)).isTrue();
            assertThat(into).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(seen.get(e.getKey())).isEqualTo(e.getValue());
        }
    }

    /** Two keys of the same length whose 32-bit hashes are equal: found by a birthday search. */
    static byte[][] collidingKeys() {
        return collidingKeys("k", 9);
    }

    /** Two keys of {@code length} bytes that start with {@code prefix} and have the same {@link KeyHash}. */
    static byte[][] collidingKeys(String prefix, int length) {
        Map<Integer, byte[]> seen = new HashMap<>();
        for (long i = 0; ; i++) {
            byte[] key = (prefix + Long.toString(i, 36) + "________")
                    .substring(0, length)
                    .getBytes(StandardCharsets.UTF_8);
            byte[] other = seen.putIfAbsent(KeyHash.of(key, key.length), key);
            if (other != null && !Arrays.equals(other, key)) {
                return new byte[][] {other, key};
            }
        }
    }

    /**
     * Keys whose first bytes differ, and keys of 13 bytes whose first nine are equal, so that only
     * the comparison of their last, partial word tells them apart.
     */
    static Stream<Arguments> collidingShapes() {
        return Stream.of(Arguments.of("k", 9), Arguments.of("ws-1\0d\0a", 13));
    }

    @ParameterizedTest
    @MethodSource("collidingShapes")
    void keysWithTheSameHashStayApart(String prefix, int length) {
        byte[][] keys = collidingKeys(prefix, length);
        assertThat(KeyHash.of(keys[0], keys[0].length)).isEqualTo(KeyHash.of(keys[1], keys[1].length));
        assertThat(Arrays.copyOf(keys[0], prefix.length())).isEqualTo(Arrays.copyOf(keys[1], prefix.length()));
        DeltaTable table = new DeltaTable(WIDTH, 4);
        table.add(keys[0], keys[0].length, delta(1));
        table.add(keys[1], keys[1].length, delta(2));
        table.add(keys[0], keys[0].length, delta(4));

        long[] into = new long[WIDTH];
        assertThat(table.size()).isEqualTo(2);
        table.get(keys[0], keys[0].length, into);
        assertThat(into).isEqualTo(delta(5));
        table.get(keys[1], keys[1].length, into);
        assertThat(into).isEqualTo(delta(2));
    }

    @Test
    void growsFarBeyondItsInitialSize() {
        DeltaTable table = new DeltaTable(2, 4);
        for (int i = 0; i < 50_000; i++) {
            byte[] key = ("key-" + i).getBytes(StandardCharsets.UTF_8);
            table.add(key, key.length, new long[] {i, 1});
            table.add(key, key.length, new long[] {i, 1});
        }
        assertThat(table.size()).isEqualTo(50_000);
        long[] into = new long[2];
        for (int i = 0; i < 50_000; i++) {
            byte[] key = ("key-" + i).getBytes(StandardCharsets.UTF_8);
            assertThat(table.get(key, key.length, into)).isTrue();
            assertThat(into).containsExactly(2L * i, 2);
        }
    }

    @Test
    void aClearedTableIsEmptyAndReusable() {
        DeltaTable table = new DeltaTable(WIDTH, 4);
        byte[] a = {'a'};
        byte[] b = {'b'};
        table.add(a, 1, delta(5));
        table.add(b, 1, delta(7));
        table.clear();

        assertThat(table.size()).isZero();
        assertThat(table.get(a, 1, new long[WIDTH])).isFalse();
        int[] visits = {0};
        table.forEach((keys, keyOffset, keyLength, values, valuesOffset) -> visits[0]++);
        assertThat(visits[0]).isZero();

        table.add(b, 1, delta(3));
        long[] into = new long[WIDTH];
        assertThat(table.get(b, 1, into)).isTrue();
        assertThat(into).isEqualTo(delta(3));
        assertThat(table.get(a, 1, into)).isFalse();
    }

    /**
     * Each commit clears the table: with a probe table of 4 million slots, a clear that swept every
     * slot would take 20,000 × 16 MB; one that resets the used slots takes milliseconds.
     */
    @Test
    void clearTouchesOnlyTheUsedSlots() {
        DeltaTable table = new DeltaTable(1, 2_000_000);
        byte[] key = {'k'};
        long[] one = {1};
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (int i = 0; i < 20_000; i++) {
                table.add(key, 1, one);
                table.clear();
            }
        });
        assertThat(table.size()).isZero();
    }

    @Test
    void costOverflowThrowsAndLeavesTheEntryUnchanged() {
        DeltaTable table = new DeltaTable(WIDTH, 4);
        byte[] key = {'x'};
        long[] max = delta(1);
        max[0] = Long.MAX_VALUE;
        table.add(key, 1, max);

        assertThatThrownBy(() -> table.add(key, 1, delta(1))).isInstanceOf(ArithmeticException.class);

        long[] into = new long[WIDTH];
        table.get(key, 1, into);
        assertThat(into).isEqualTo(max);
    }

    @Test
    void otherSumsWrapAsRollupPlusDoes() {
        DeltaTable table = new DeltaTable(WIDTH, 4);
        byte[] key = {'x'};
        long[] big = new long[WIDTH];
        big[1] = Long.MAX_VALUE;
        table.add(key, 1, big);
        long[] one = new long[WIDTH];
        one[1] = 1;
        table.add(key, 1, one);

        long[] into = new long[WIDTH];
        table.get(key, 1, into);
        assertThat(into[1]).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void refusesAShortDeltaAndChangesNothing() {
        DeltaTable table = new DeltaTable(WIDTH, 4);
        byte[] key = {'x'};
        table.add(key, 1, delta(1));
        assertThatThrownBy(() -> table.add(key, 1, new long[] {1, 2})).isInstanceOf(IllegalArgumentException.class);
        long[] into = new long[WIDTH];
        table.get(key, 1, into);
        assertThat(into).isEqualTo(delta(1));
    }

    private static long[] delta(long n) {
        long[] d = new long[WIDTH];
        for (int i = 0; i < WIDTH; i++) {
            d[i] = n * (i + 1);
        }
        return d;
    }
}
