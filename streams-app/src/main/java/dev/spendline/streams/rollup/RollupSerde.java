package dev.spendline.streams.rollup;

import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Fixed-width binary form of {@link Rollup}: a version byte and ten longs. Rollups are written
 * many times per event, so they skip JSON; the version byte leaves room to add fields.
 */
public final class RollupSerde implements Serde<Rollup> {

    private static final byte VERSION = 1;
    private static final int SIZE = 1 + 10 * Long.BYTES;

    @Override
    public Serializer<Rollup> serializer() {
        return (topic, r) -> r == null
                ? null
                : ByteBuffer.allocate(SIZE)
                        .put(VERSION)
                        .putLong(r.costNanos())
                        .putLong(r.calls())
                        .putLong(r.inputTokens())
                        .putLong(r.outputTokens())
                        .putLong(r.cacheReadTokens())
                        .putLong(r.cacheWriteTokens())
                        .putLong(r.errors())
                        .putLong(r.retries())
                        .putLong(r.latencySumMs())
                        .putLong(r.latencyCount())
                        .array();
    }

    @Override
    public Deserializer<Rollup> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            if (bytes.length != SIZE || bytes[0] != VERSION) {
                throw new SerializationException("Not a version-" + VERSION + " rollup (" + bytes.length + " bytes)");
            }
            ByteBuffer b = ByteBuffer.wrap(bytes, 1, SIZE - 1);
            return new Rollup(
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong(),
                    b.getLong());
        };
    }
}
