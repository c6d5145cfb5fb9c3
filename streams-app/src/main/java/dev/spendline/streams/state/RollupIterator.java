package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;

/** The stored bytes seen as rollup keys and rollups, for the readers of the typed store. */
final class RollupIterator implements KeyValueIterator<String, Rollup> {

    private final KeyValueIterator<Bytes, byte[]> stored;

    RollupIterator(KeyValueIterator<Bytes, byte[]> stored) {
        this.stored = stored;
    }

    static String key(Bytes key) {
        return new String(key.get(), StandardCharsets.UTF_8);
    }

    @Override
    public boolean hasNext() {
        return stored.hasNext();
    }

    @Override
    public KeyValue<String, Rollup> next() {
        KeyValue<Bytes, byte[]> kv = stored.next();
        return KeyValue.pair(key(kv.key), RollupBytes.toRollup(kv.value));
    }

    @Override
    public String peekNextKey() {
        return key(stored.peekNextKey());
    }

    @Override
    public void close() {
        stored.close();
    }
}
