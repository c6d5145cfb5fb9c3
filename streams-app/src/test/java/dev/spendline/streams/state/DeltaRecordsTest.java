package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DeltaRecordsTest {

    private static final int W = AggregatingRollupStore.WIDTH;

    @Test
    void entriesComeBackAsWrittenWithSharedPrefixesExtremesAndNegatives() {
        Random random = new Random(7);
        List<byte[]> keys = new ArrayList<>();
        List<long[]> deltas = new ArrayList<>();
        String[] stems = {"ws-1\0h\0tn\0", "ws-1\0h\0tn\0000001f\0", "ws-2\0d\0", "日本語🚀\0", ""};
        for (int i = 0; i < 2_000; i++) {
            keys.add((stems[random.nextInt(stems.length)] + random.nextInt(50)).getBytes(StandardCharsets.UTF_8));
            long[] d = new long[W];
            for (int f = 0; f < W; f++) {
                d[f] = switch (random.nextInt(5)) {
                    case 0 -> Long.MIN_VALUE;
                    case 1 -> Long.MAX_VALUE;
                    case 2 -> -random.nextInt(1_000);
                    default -> random.nextLong() >> random.nextInt(64);};
            }
            deltas.add(d);
        }
        DeltaRecords.Writer writer = new DeltaRecords.Writer(W);
        writer.start();
        long[] values = new long[W * keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            System.arraycopy(deltas.get(i), 0, values, i * W, W);
            // keys inside a larger arena, as the delta table holds them
            byte[] arena = new byte[keys.get(i).length + 5];
            System.arraycopy(keys.get(i), 0, arena, 3, keys.get(i).length);
            writer.add(arena, 3, keys.get(i).length, values, i * W);
        }
        byte[] record = writer.finish();

        List<String> read = new ArrayList<>();
        DeltaRecords.read(
                record,
                W,
                (key, len, delta) ->
                        read.add(new String(key, 0, len, StandardCharsets.UTF_8) + Arrays.toString(delta)));
        List<String> written = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            written.add(new String(keys.get(i), StandardCharsets.UTF_8) + Arrays.toString(deltas.get(i)));
        }
        assertThat(read).isEqualTo(written);
        assertThat(record.length)
                .as("shared prefixes and varints keep it smaller than the values alone")
                .isLessThan(keys.size() * 81);
    }

    @Test
    void keysAreUniqueMarkedAndSortBeforeEveryRollupKey() {
        byte[] a = DeltaRecords.key(42, 0);
        byte[] b = DeltaRecords.key(42, 1);
        assertThat(DeltaRecords.isDeltaKey(a)).isTrue();
        assertThat(a).isNotEqualTo(b);
        assertThat(DeltaRecords.isDeltaKey("ws-1\0h\0_".getBytes(StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(Arrays.compareUnsigned(DeltaRecords.first(), a)).isNegative();
        assertThat(Arrays.compareUnsigned(DeltaRecords.key(-1, -1), DeltaRecords.last()))
                .isZero();
        assertThat(Arrays.compareUnsigned(DeltaRecords.last(), new byte[] {0x01}))
                .isNegative();
    }

    @Test
    void aCorruptOrNewerRecordIsRefusedWithAReason() {
        DeltaRecords.Writer writer = new DeltaRecords.Writer(W);
        writer.start();
        writer.add("key".getBytes(StandardCharsets.UTF_8), 0, 3, new long[W], 0);
        byte[] good = writer.finish();

        assertThatThrownBy(() -> DeltaRecords.read(new byte[] {9, 0}, W, (k, l, d) -> {}))
                .hasMessageContaining("unknown version");
        assertThatThrownBy(() -> DeltaRecords.read(Arrays.copyOf(good, good.length - 1), W, (k, l, d) -> {}))
                .hasMessageContaining("cut off");
        assertThatThrownBy(() -> DeltaRecords.read(Arrays.copyOf(good, good.length + 1), W, (k, l, d) -> {}))
                .hasMessageContaining("after its entries");
    }
}
