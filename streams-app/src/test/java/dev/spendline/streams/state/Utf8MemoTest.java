package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8MemoTest {

    @Test
    void theSameInstanceGetsTheSameBytesAndAnEqualStringItsOwnEncoding() {
        Utf8Memo memo = new Utf8Memo(8);
        String feature = new String("résumé");
        byte[] first = memo.of(feature);
        assertThat(first).isEqualTo("résumé".getBytes(StandardCharsets.UTF_8));
        assertThat(memo.of(feature)).isSameAs(first);

        String twin = new String("résumé");
        assertThat(memo.of(twin)).isEqualTo(first).isNotSameAs(first);
    }

    @Test
    void everyAnswerIsTheStringsBytesWhateverTheSlotHeld() {
        // 4 slots for 200 instances: slots are taken over all the time.
        Utf8Memo memo = new Utf8Memo(4);
        String[] instances = new String[200];
        for (int i = 0; i < instances.length; i++) {
            instances[i] = new String("v" + (i % 50) + (i % 7 == 0 ? "😀" : ""));
        }
        Random random = new Random(3);
        for (int i = 0; i < 10_000; i++) {
            String s = instances[random.nextInt(instances.length)];
            assertThat(memo.of(s)).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void slotsMustBeAPowerOfTwo() {
        assertThatThrownBy(() -> new Utf8Memo(12)).hasMessageContaining("power of two");
    }
}
