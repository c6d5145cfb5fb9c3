package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvents;
import dev.spendline.streams.state.StateLayout;
import dev.spendline.topics.Topics;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/** The state layout marker: written by a task's first event, and a later layout refused. */
class StateLayoutTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");

    @Test
    void theFirstEventWritesThisLayoutAndALaterOneIsRefused() {
        try (TopologyTestDriver driver = TopologyDrivers.start("state-layout", NOW)) {
            KeyValueStore<Bytes, byte[]> combinations = driver.getKeyValueStore(StoreNames.PRODUCT_COMBINATIONS);
            // A data directory of the earlier layout, or a new one: no marker, and nothing refused.
            assertThat(StateLayout.of(combinations)).isZero();
            assertThatCode(() -> StateLayout.check(combinations, "product-combinations"))
                    .doesNotThrowAnyException();

            TopologyDrivers.input(driver, Topics.EVENTS)
                    .pipeInput("ws_a", AcceptedEvent.of("ws_a", NOW, ProductEvents.minimal(NOW.minusSeconds(60))), NOW);
            assertThat(StateLayout.of(combinations))
                    .isEqualTo(StateLayout.CURRENT)
                    .isEqualTo(5);

            // What a later version would leave behind.
            combinations.put(
                    Bytes.wrap(new byte[] {0x00, 'l', 'a', 'y', 'o', 'u', 't'}),
                    ByteBuffer.allocate(4).putInt(6).array());
            assertThatThrownBy(() -> StateLayout.check(combinations, "product-combinations"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("layout 6")
                    .hasMessageContaining("newer version");
        }
    }
}
