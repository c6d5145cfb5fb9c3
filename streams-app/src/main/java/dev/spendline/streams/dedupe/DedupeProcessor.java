package dev.spendline.streams.dedupe;

import dev.spendline.streams.commit.CommitPacing;
import dev.spendline.streams.commit.CommitRequests;
import java.time.Duration;
import java.util.function.Function;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Drops inputs whose identity was already seen within the dedupe horizon, before any aggregate
 * sees them. Inputs without an identity pass through: the sender chose none.
 *
 * <p>Identities are remembered in a persistent window store whose retention is the horizon, so
 * old identities expire by whole segments instead of by a scan. The record timestamp is the
 * gateway's receive time, so the horizon is measured in receive time: a resend is recognised up to
 * the horizon after the first copy arrived, whatever the event's own {@code ts} says. Under
 * exactly-once the remembered identity and the rollup updates commit together, so a crash cannot
 * count an input twice or lose it.
 */
public final class DedupeProcessor<V> implements Processor<String, V, String, V> {

    private final String storeName;
    private final Function<V, String> identity;
    private final long horizonMs;
    private final CommitRequests commits;
    private ProcessorContext<String, V> context;
    private WindowStore<String, Long> seen;

    /**
     * @param identity the workspace-scoped identity of an input, or null when it has none
     * @param pacing when to ask for commits: this processor heads each input's sub-topology and
     *     sees every input first, with its time of receipt as the record timestamp
     */
    public DedupeProcessor(String storeName, Function<V, String> identity, Duration horizon, CommitPacing pacing) {
        this.storeName = storeName;
        this.identity = identity;
        this.horizonMs = horizon.toMillis();
        this.commits = pacing.requests();
    }

    @Override
    public void init(ProcessorContext<String, V> context) {
        this.context = context;
        this.seen = context.getStateStore(storeName);
        commits.schedule(context);
    }

    @Override
    public void process(Record<String, V> record) {
        commits.seen(context, record.timestamp());
        String id = identity.apply(record.value());
        if (id == null) {
            context.forward(record);
            return;
        }
        if (isDuplicate(id, record.timestamp())) {
            return;
        }
        remember(id, record.timestamp());
        context.forward(record);
    }

    private boolean isDuplicate(String id, long timestamp) {
        try (WindowStoreIterator<Long> earlier = seen.fetch(id, timestamp - horizonMs, timestamp + horizonMs)) {
            return earlier.hasNext();
        }
    }

    private void remember(String id, long timestamp) {
        seen.put(id, timestamp, timestamp);
    }
}
