package dev.spendline.topics;

import dev.spendline.contracts.json.Json;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import tools.jackson.core.JacksonException;

/**
 * A Kafka serde for one JSON record type. A value that cannot be read throws
 * {@link SerializationException}, which the Streams deserialization handler counts and skips.
 */
public final class JsonSerde<T> implements Serde<T> {

    private final Class<T> type;

    public JsonSerde(Class<T> type) {
        this.type = type;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, data) -> data == null ? null : Json.MAPPER.writeValueAsBytes(data);
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try {
                return Json.MAPPER.readValue(bytes, type);
            } catch (JacksonException e) {
                throw new SerializationException(
                        "Not a valid " + type.getSimpleName() + " on topic " + topic + ": " + e.getOriginalMessage(),
                        e);
            }
        };
    }
}
