package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.RollupKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyBuilderTest {

    /** {@code RollupKeys.bucketHex} through its public caller: the part between the prefix and the last separator. */
    private static String bucketHex(long bucket) {
        String key = RollupKeys.key("w", Granularity.HOUR, "c", bucket, "");
        return key.substring(RollupKeys.prefix("w", Granularity.HOUR, "c").length(), key.length() - 1);
    }

    private static String hex(long bucket) {
        KeyBuilder b = new KeyBuilder(1).putHex8(bucket);
        return new String(b.buffer(), 0, b.length(), StandardCharsets.US_ASCII);
    }

    @Test
    void putHex8WritesWhatBucketHexWrites() {
        List<Long> buckets = new ArrayList<>(List.of(
                0L,
                1L,
                15L,
                16L,
                0xabcdefL,
                0x0fffffffL,
                0xffffffffL,
                0x100000000L,
                0x123456789abL,
                Long.MAX_VALUE,
                -1L,
                Long.MIN_VALUE,
                493_000L));
        Random random = new Random(29);
        for (int i = 0; i < 10_000; i++) {
            buckets.add(random.nextLong() >>> random.nextInt(64));
        }
        for (long bucket : buckets) {
            assertThat(hex(bucket)).as("bucket %x", bucket).isEqualTo(bucketHex(bucket));
        }
        assertThat(hex(0x1f)).isEqualTo("0000001f");
        assertThat(hex(0x123456789abL)).isEqualTo("123456789ab");
        assertThat(hex(-1)).isEqualTo("ffffffffffffffff");
    }

    @Test
    void aKeyBuiltFromEncodedPartsIsTheUtf8OfTheRollupKey() {
        String workspace = "ws-ünïcødé";
        String value = "日本語-model🚀" + RollupKeys.PAIR_SEP + "zweite Hälfte";
        byte[] workspaceBytes = workspace.getBytes(StandardCharsets.UTF_8);
        byte[] valueBytes = value.getBytes(StandardCharsets.UTF_8);

        KeyBuilder b = new KeyBuilder(4)
                .put(workspaceBytes)
                .put((byte) 0)
                .put((byte) Granularity.DAY.code())
                .put((byte) 0)
                .putAscii("tn+ft")
                .put((byte) 0);
        int prefix = b.mark();
        b.putHex8(20_000).put((byte) 0).put(valueBytes);

        assertThat(b.toByteArray())
                .isEqualTo(RollupKeys.key(workspace, Granularity.DAY, "tn+ft", 20_000, value)
                        .getBytes(StandardCharsets.UTF_8));

        b.truncate(prefix);
        b.putHex8(0x1_0000_0000L).put((byte) 0).put(valueBytes);
        assertThat(b.toByteArray())
                .as("a shared prefix is reused")
                .isEqualTo(RollupKeys.key(workspace, Granularity.DAY, "tn+ft", 0x1_0000_0000L, value)
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(b.reset().putAscii(RollupKeys.TOTAL).toByteArray()).isEqualTo(new byte[] {'_'});
    }

    @Test
    void refusesWhatIsNotAscii() {
        assertThatThrownBy(() -> new KeyBuilder(8).putAscii("é")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KeyBuilder(8).put((byte) 1).truncate(2))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
