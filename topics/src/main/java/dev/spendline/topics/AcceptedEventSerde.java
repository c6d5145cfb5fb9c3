package dev.spendline.topics;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.AcceptedEventCodec;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The value serde of {@code spendline.events.v1}: writes {@link AcceptedEventCodec}'s binary format
 * and reads both it and the JSON that versions before issue #29 wrote, told apart by the first
 * byte: {@link AcceptedEventCodec#MAGIC} is the binary format, {@code '{'} or JSON whitespace is
 * JSON, read exactly as {@link JsonSerde} read it. Both give the same record, {@code schemaVersion}
 * included (the format version is the layout's, not the record's). Anything else, an unknown
 * format version or a broken record throws {@link SerializationException}, which the topology's
 * deserialization handler turns into a dead letter.
 */
public final class AcceptedEventSerde implements Serde<AcceptedEvent> {

    /** The serde of the topic before issue #29; only its reader is still used here. */
    private static final JsonSerde<AcceptedEvent> JSON = new JsonSerde<>(AcceptedEvent.class);

    private static final Serializer<AcceptedEvent> SERIALIZER = (topic, data) -> {
        if (data == null) {
            return null;
        }
        try {
            return AcceptedEventCodec.encode(data);
        } catch (IllegalArgumentException e) {
            throw new SerializationException("Cannot write AcceptedEvent to topic " + topic + ": " + e.getMessage(), e);
        }
    };

    private static final Deserializer<AcceptedEvent> DESERIALIZER = new Deserializer<>() {
        private final Deserializer<AcceptedEvent> json = JSON.deserializer();

        @Override
        public AcceptedEvent deserialize(String topic, byte[] bytes) {
            if (bytes == null) {
                return null;
            }
            if (bytes.length > 0 && bytes[0] == AcceptedEventCodec.MAGIC) {
                try {
                    return AcceptedEventCodec.decode(bytes);
                } catch (IllegalArgumentException e) {
                    throw new SerializationException(
                            "Not a valid AcceptedEvent on topic " + topic + ": " + e.getMessage(), e);
                }
            }
            if (bytes.length == 0 || isJsonStart(bytes[0])) {
                return json.deserialize(topic, bytes);
            }
            throw new SerializationException("Not a valid AcceptedEvent on topic " + topic
                    + ": starts with byte 0x%02X, neither JSON nor the binary format".formatted(bytes[0] & 0xFF));
        }
    };

    /** {@code '{'} or one of the four whitespace characters JSON allows before it (RFC 8259). */
    static boolean isJsonStart(byte b) {
        return b == '{' || b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }

    @Override
    public Serializer<AcceptedEvent> serializer() {
        return SERIALIZER;
    }

    @Override
    public Deserializer<AcceptedEvent> deserializer() {
        return DESERIALIZER;
    }
}
