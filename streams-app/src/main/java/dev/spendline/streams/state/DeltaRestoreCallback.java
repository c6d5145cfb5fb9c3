package dev.spendline.streams.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.internals.RecordBatchingStateRestoreCallback;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Restores a rollup store from a changelog that holds delta records as well as values (the
 * protocol is on {@link AggregatingRollupStore}). Values and tombstones, of rollup keys and of
 * delta keys, go to RocksDB's own restore as they are; a delta record is in addition added to the
 * values of its keys, in changelog order: the records before it are written first, then its new
 * values and the delta record itself (kept until the next checkpoint, as the writer keeps it) in
 * one write batch.
 *
 * <p>Under exactly-once a restore starts from an empty store or from exactly the offset the store
 * was checkpointed at (an unclean stop wipes the store), so each record is applied once. Under
 * at-least-once a replay may overlap what the store holds and count a delta twice, as reprocessed
 * input would (README: at-least-once is not recommended, numbers can double after a crash).
 */
final class DeltaRestoreCallback implements RecordBatchingStateRestoreCallback {

    private final RecordBatchingStateRestoreCallback rocksDb;
    private final KeyValueStore<Bytes, byte[]> stored;
    private final int width;

    DeltaRestoreCallback(RecordBatchingStateRestoreCallback rocksDb, KeyValueStore<Bytes, byte[]> stored, int width) {
        this.rocksDb = rocksDb;
        this.stored = stored;
        this.width = width;
    }

    @Override
    public void restoreBatch(Collection<ConsumerRecord<byte[], byte[]>> records) {
        List<ConsumerRecord<byte[], byte[]>> plain = new ArrayList<>(records.size());
        for (ConsumerRecord<byte[], byte[]> record : records) {
            if (record.value() == null || !DeltaRecords.isDeltaKey(record.key())) {
                plain.add(record);
                continue;
            }
            // Everything before the delta record first: its deltas add to those values.
            if (!plain.isEmpty()) {
                rocksDb.restoreBatch(plain);
                plain = new ArrayList<>();
            }
            rocksDb.restoreBatch(applied(record));
        }
        if (!plain.isEmpty()) {
            rocksDb.restoreBatch(plain);
        }
    }

    /** The values a delta record leads to, as records of the same partition and offset, and the record itself last. */
    private List<ConsumerRecord<byte[], byte[]>> applied(ConsumerRecord<byte[], byte[]> deltaRecord) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        long[] value = new long[width];
        DeltaRecords.read(deltaRecord.value(), width, (key, keyLength, delta) -> {
            byte[] k = Arrays.copyOf(key, keyLength);
            byte[] current = stored.get(Bytes.wrap(k));
            if (current == null) {
                Arrays.fill(value, 0L);
            } else {
                RollupBytes.decode(current, value, 0);
            }
            DeltaTable.fold(value, 0, delta, 0, width);
            out.add(copy(deltaRecord, k, RollupBytes.encode(value, 0)));
        });
        out.add(deltaRecord);
        return out;
    }

    private static ConsumerRecord<byte[], byte[]> copy(ConsumerRecord<byte[], byte[]> of, byte[] key, byte[] value) {
        return new ConsumerRecord<>(
                of.topic(),
                of.partition(),
                of.offset(),
                of.timestamp(),
                of.timestampType(),
                key.length,
                value.length,
                key,
                value,
                of.headers(),
                Optional.empty());
    }
}
