package dev.spendline.streams.state;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.query.KeyQuery;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.RangeQuery;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A typed {@code KeyValueStore<String, V>} over a logged bytes store (keys as UTF-8) with its own
 * per-commit table ({@link OwnCacheStore}): the read side the rollup store ({@link
 * AggregatingRollupStore}) and the write-back counters ({@link WriteBackStore}) share. Range reads
 * on the stream thread that writes first write the pending table down (as an early eviction of
 * Kafka Streams' cache would), so they see what {@code get} sees; any other thread reads what was
 * written.
 *
 * <p><b>IQv2</b>: typed {@link KeyQuery} and {@link RangeQuery} are answered as unknown query types,
 * since the store below is typed {@code Bytes}/{@code byte[]}; other queries go to it. Nothing in
 * Spendline uses IQv2 on these stores.
 *
 * @param <V> the value type
 */
public abstract class StringKeyedBytesStore<V> extends OwnCacheStore<String, V, KeyValueStore<Bytes, byte[]>>
        implements KeyValueStore<String, V> {

    protected StringKeyedBytesStore(KeyValueStore<Bytes, byte[]> inner) {
        super(inner);
    }

    /** A stored value as the typed store returns it. */
    protected abstract V decode(byte[] stored);

    @Override
    public final KeyValueIterator<String, V> range(String from, String to) {
        mergeIfOwner();
        return typed(inner.range(bytesOrNull(from), bytesOrNull(to)));
    }

    @Override
    public final KeyValueIterator<String, V> reverseRange(String from, String to) {
        mergeIfOwner();
        return typed(inner.reverseRange(bytesOrNull(from), bytesOrNull(to)));
    }

    @Override
    public final KeyValueIterator<String, V> all() {
        mergeIfOwner();
        return typed(inner.all());
    }

    @Override
    public final KeyValueIterator<String, V> reverseAll() {
        mergeIfOwner();
        return typed(inner.reverseAll());
    }

    @Override
    public final <PS extends Serializer<P>, P> KeyValueIterator<String, V> prefixScan(
            P prefix, PS prefixKeySerializer) {
        mergeIfOwner();
        return typed(inner.prefixScan(prefix, prefixKeySerializer));
    }

    @Override
    public final long approximateNumEntries() {
        return inner.approximateNumEntries();
    }

    @Override
    public final <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        if (query instanceof KeyQuery<?, ?> || query instanceof RangeQuery<?, ?>) {
            return QueryResult.forUnknownQueryType(query, this);
        }
        return inner.query(query, positionBound, config);
    }

    /** Before a range read on the stream thread, so it sees what {@code get} sees. */
    protected final void mergeIfOwner() {
        if (ownedByCaller()) {
            writePending();
        }
    }

    protected static byte[] utf8(String key) {
        return key.getBytes(StandardCharsets.UTF_8);
    }

    private static Bytes bytesOrNull(String key) {
        return key == null ? null : Bytes.wrap(utf8(key));
    }

    private KeyValueIterator<String, V> typed(KeyValueIterator<Bytes, byte[]> stored) {
        return new StoredIterator<>(stored, this::decode);
    }
}
