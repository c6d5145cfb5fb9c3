package dev.spendline.topics;

import dev.spendline.contracts.event.RecentStrings;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Kafka's {@link StringDeserializer} (UTF-8) for keys that repeat: the input topics' keys are
 * workspace ids, a handful per stream thread, so a key seen lately comes back as the same string
 * instead of a new one per record (constructing them was 2.5 % of the stream thread, issue #29).
 * Shared by every thread: {@link RecentStrings} is lock-free.
 */
public final class RecentKeyDeserializer implements Deserializer<String> {

    private static final RecentStrings KEYS = new RecentStrings(256);

    @Override
    public String deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        String kept = KEYS.find(data, 0, data.length);
        if (kept != null) {
            return kept;
        }
        // As StringDeserializer decodes: malformed input becomes U+FFFD, never an error.
        String key = new String(data, StandardCharsets.UTF_8);
        KEYS.keep(data, 0, data.length, key);
        return key;
    }
}
