package dev.spendline.streams.state;

import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;

/** The stored bytes seen as string keys and typed values, for the readers of a typed store over a bytes store. */
final class StoredIterator<V> implements KeyValueIterator<String, V> {

    private final KeyValueIterator<Bytes, byte[]> stored;
    private final Function<byte[], V> value;

    StoredIterator(KeyValueIterator<Bytes, byte[]> stored, Function<byte[], V> value) {
        this.stored = stored;
        this.value = value;
    }

    static String key(Bytes key) {
        return new String(key.get(), StandardCharsets.UTF_8);
    }

    @Override
    public boolean hasNext() {
        return stored.hasNext();
    }

    @Override
    public KeyValue<String, V> next() {
        KeyValue<Bytes, byte[]> kv = stored.next();
        return KeyValue.pair(key(kv.key), value.apply(kv.value));
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
