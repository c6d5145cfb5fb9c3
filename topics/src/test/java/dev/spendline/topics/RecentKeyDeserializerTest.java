package dev.spendline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

class RecentKeyDeserializerTest {

    private final RecentKeyDeserializer keys = new RecentKeyDeserializer();
    private final StringDeserializer kafka = new StringDeserializer();

    @Test
    void aRepeatedKeyIsTheSameInstanceAndEqualsKafkasDecoding() {
        byte[] ws = "ws-ünïcode".getBytes(StandardCharsets.UTF_8);
        String first = keys.deserialize("t", ws);
        assertThat(first).isEqualTo(kafka.deserialize("t", ws));
        assertThat(keys.deserialize("t", ws.clone())).isSameAs(first);
    }

    @Test
    void decodesEveryInputAsKafkasStringDeserializerDoes() {
        byte[][] inputs = {
            new byte[0],
            "ws-1".getBytes(StandardCharsets.UTF_8),
            "ws-2".getBytes(StandardCharsets.UTF_8),
            {'w', (byte) 0xC3, 'x'}, // malformed: U+FFFD, as Kafka's
            "x".repeat(300).getBytes(StandardCharsets.UTF_8),
        };
        for (int round = 0; round < 3; round++) {
            for (byte[] input : inputs) {
                assertThat(keys.deserialize("t", input)).isEqualTo(kafka.deserialize("t", input));
            }
        }
        assertThat(keys.deserialize("t", null)).isNull();
    }

    @Test
    void theEventTopicsReadTheirKeysThroughIt() {
        byte[] ws = "ws-9".getBytes(StandardCharsets.UTF_8);
        assertThat(Topics.EVENTS.keySerde().deserializer().deserialize("t", ws))
                .isSameAs(Topics.INTERNAL_USAGE.keySerde().deserializer().deserialize("t", ws.clone()));
        assertThat(Topics.EVENTS.keySerde().serializer().serialize("t", "ws-9")).isEqualTo(ws);
    }
}
