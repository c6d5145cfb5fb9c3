package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.RollupKeys;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HourAndDayKeysTest {

    private final HourAndDayKeys twins = new HourAndDayKeys();

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anHourKeysTwinIsTheKeyOfItsDayAsRollupKeysWritesIt() {
        for (long hour : new long[] {0, 23, 24, 491_234, 0xFFFF_FFFFL, 0x1_0000_0000L, 0x7FF_FFFF_FFFFL}) {
            String key = RollupKeys.key("ws-ü", Granularity.HOUR, "tn+ft", hour, "日本" + RollupKeys.PAIR_SEP + "x");
            byte[] framed = utf8("junk" + key);
            assertThat(twins.dayOf(framed, 4, framed.length - 4))
                    .as("hour %d", hour)
                    .isTrue();
            assertThat(new String(twins.twinCopy(), StandardCharsets.UTF_8))
                    .isEqualTo(RollupKeys.key(
                            "ws-ü",
                            Granularity.DAY,
                            "tn+ft",
                            Math.floorDiv(hour, 24),
                            "日本" + RollupKeys.PAIR_SEP + "x"));
        }
    }

    @Test
    void aDayKeysHoursAreItsTwentyFourHourKeys() {
        byte[] day = utf8(RollupKeys.key("ws", Granularity.DAY, RollupKeys.TOTAL, 20_468, ""));
        assertThat(twins.parseDay(day, day.length)).isTrue();
        for (int h = 0; h < 24; h++) {
            twins.hourOf(day, day.length, h);
            assertThat(new String(twins.twinCopy(), StandardCharsets.UTF_8))
                    .isEqualTo(RollupKeys.key("ws", Granularity.HOUR, RollupKeys.TOTAL, 20_468 * 24 + h, ""));
        }
    }

    @Test
    void keysOfOtherShapesHaveNoTwin() {
        String[] others = {
            "a",
            "",
            "ws\0tn",
            RollupKeys.key("ws", Granularity.DAY, "tn", 5, "x"), // a day is not an hour
            RollupKeys.monthKey("ws", RollupKeys.TOTAL, 300, ""),
            "ws\0h\0tn\0" + "0000001" + "\0x", // seven digits
            "ws\0h\0tn\0" + "0000000G" + "\0x", // not hex
            "ws\0h\0tn\0" + "0000000A" + "\0x", // upper case: KeyBuilder writes lower case
            "ws\0h\0tn\0" + "00000001", // no value separator
            "ws\0h\0tn",
        };
        for (String other : others) {
            byte[] key = utf8(other);
            assertThat(twins.dayOf(key, 0, key.length)).as(other).isFalse();
        }
        byte[] hour = utf8(RollupKeys.key("ws", Granularity.HOUR, "tn", 5, "x"));
        assertThat(twins.parseDay(hour, hour.length)).isFalse();
    }
}
