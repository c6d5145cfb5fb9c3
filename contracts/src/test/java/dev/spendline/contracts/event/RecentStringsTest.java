package dev.spendline.contracts.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecentStringsTest {

    @Test
    void aKeptValueIsFoundAsTheSameInstanceAtAnyOffset() {
        RecentStrings recent = new RecentStrings(16);
        String feature = new String("summarize-é");
        byte[] utf8 = feature.getBytes(StandardCharsets.UTF_8);
        recent.keep(utf8, 0, utf8.length, feature);

        byte[] framed = new byte[utf8.length + 7];
        System.arraycopy(utf8, 0, framed, 3, utf8.length);
        assertThat(recent.find(framed, 3, utf8.length)).isSameAs(feature);
        assertThat(recent.find(framed, 3, utf8.length - 1)).isNull();
        assertThat(recent.find(framed, 2, utf8.length)).isNull();
    }

    @Test
    void aSlotNeverAnswersWithAnotherValue() {
        // 64 slots for 5,000 values: nearly every keep replaces another value in its slot.
        RecentStrings recent = new RecentStrings(64);
        Random random = new Random(5);
        for (int i = 0; i < 5_000; i++) {
            String value = "v" + random.nextInt(300) + (i % 3 == 0 ? "日" : "");
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            String found = recent.find(utf8, 0, utf8.length);
            if (found == null) {
                recent.keep(utf8, 0, utf8.length, value);
            } else {
                assertThat(found).isEqualTo(value);
            }
        }
    }

    @Test
    void longValuesAreNotKept() {
        RecentStrings recent = new RecentStrings(16);
        String id = "x".repeat(RecentStrings.MAX_BYTES + 1);
        byte[] utf8 = id.getBytes(StandardCharsets.UTF_8);
        recent.keep(utf8, 0, utf8.length, id);
        assertThat(recent.find(utf8, 0, utf8.length)).isNull();

        String name = "x".repeat(RecentStrings.MAX_BYTES);
        byte[] kept = name.getBytes(StandardCharsets.UTF_8);
        recent.keep(kept, 0, kept.length, name);
        assertThat(recent.find(kept, 0, kept.length)).isSameAs(name);
    }

    @Test
    void slotsMustBeAPowerOfTwo() {
        assertThatThrownBy(() -> new RecentStrings(100)).hasMessageContaining("power of two");
    }
}
