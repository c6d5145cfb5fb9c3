package dev.spendline.streams.deadletter;

import dev.spendline.contracts.deadletter.DeadLetterCount;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Counts each workspace's dead letters, so the workspace is told ({@code dead_letters} query, a
 * notice in its settings). Reads {@code spendline.dead-letters.v1}, whose records sit in their
 * workspace's partition ({@link DeadLetterSink}); the time of a dead letter is its source record's
 * timestamp (for an event, when the gateway received it).
 *
 * <p>Tolerates anything, since a failure here is not dead-lettered again: a record naming no
 * workspace (no header, no key) is left out of every workspace's count, and still counted by the
 * metric when it was set aside.
 */
public final class DeadLetterCounter implements Processor<byte[], byte[], Void, Void> {

    private final String storeName;
    private KeyValueStore<String, DeadLetterCount> counts;

    public DeadLetterCounter(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.counts = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
        String workspace = DeadLetters.header(record.headers(), DeadLetters.HEADER_WORKSPACE);
        if (workspace == null) {
            workspace = DeadLetters.workspaceOf(record.key());
        }
        if (workspace == null) {
            return;
        }
        String reason = DeadLetters.header(record.headers(), DeadLetters.HEADER_REASON);
        DeadLetterCount count = counts.get(workspace);
        counts.put(
                workspace,
                (count == null ? DeadLetterCount.none(workspace) : count)
                        .plusOne(Instant.ofEpochMilli(record.timestamp()), reason));
    }
}
