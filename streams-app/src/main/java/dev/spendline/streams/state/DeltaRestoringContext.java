package dev.spendline.streams.state;

import java.io.File;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.StreamsMetrics;
import org.apache.kafka.streams.processor.CommitCallback;
import org.apache.kafka.streams.processor.StateRestoreCallback;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.processor.internals.RecordBatchingStateRestoreCallback;

/**
 * The context RocksDB is initialised with under a rollup store: everything is Kafka Streams' own,
 * except that the restore callback RocksDB registers is wrapped (by {@code wrap}) so that delta
 * records are applied, not stored as values. Why not subclass RocksDB's store: its restore is
 * private, and registering through the context is the one place Kafka Streams lets a store choose
 * how its changelog is replayed.
 */
final class DeltaRestoringContext implements StateStoreContext {

    private final StateStoreContext context;
    private final Function<RecordBatchingStateRestoreCallback, StateRestoreCallback> wrap;

    DeltaRestoringContext(
            StateStoreContext context, Function<RecordBatchingStateRestoreCallback, StateRestoreCallback> wrap) {
        this.context = context;
        this.wrap = wrap;
    }

    @Override
    public void register(StateStore store, StateRestoreCallback callback) {
        context.register(store, wrapped(callback));
    }

    @Override
    public void register(StateStore store, StateRestoreCallback callback, CommitCallback onCommit) {
        context.register(store, wrapped(callback), onCommit);
    }

    private StateRestoreCallback wrapped(StateRestoreCallback callback) {
        if (!(callback instanceof RecordBatchingStateRestoreCallback batching)) {
            // RocksDB's store has registered a batching callback since Kafka 2.x; anything else means
            // an upgrade changed it, and replaying deltas as values would count wrong in silence.
            throw new IllegalStateException("The rollup store's RocksDB registered a "
                    + callback.getClass().getName() + ", not a record-batching restore callback");
        }
        return wrap.apply(batching);
    }

    @Override
    public String applicationId() {
        return context.applicationId();
    }

    @Override
    public TaskId taskId() {
        return context.taskId();
    }

    @Override
    public Optional<RecordMetadata> recordMetadata() {
        return context.recordMetadata();
    }

    @Override
    public Serde<?> keySerde() {
        return context.keySerde();
    }

    @Override
    public Serde<?> valueSerde() {
        return context.valueSerde();
    }

    @Override
    public File stateDir() {
        return context.stateDir();
    }

    @Override
    public StreamsMetrics metrics() {
        return context.metrics();
    }

    @Override
    public Map<String, Object> appConfigs() {
        return context.appConfigs();
    }

    @Override
    public Map<String, Object> appConfigsWithPrefix(String prefix) {
        return context.appConfigsWithPrefix(prefix);
    }
}
