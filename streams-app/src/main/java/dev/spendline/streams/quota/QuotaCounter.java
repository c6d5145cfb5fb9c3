package dev.spendline.streams.quota;

import dev.spendline.contracts.event.AcceptedEvent;
import java.time.YearMonth;
import java.time.ZoneOffset;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Counts deduplicated product events per workspace and calendar month of receipt (UTC), the
 * figure the event quota is enforced on. It sits after dedupe, so a resend never counts; it counts
 * by {@code receivedAt}, not by the call's own time, so that backdated events use this month's
 * quota too.
 */
public final class QuotaCounter implements Processor<String, AcceptedEvent, Void, Void> {

    private final String storeName;
    private KeyValueStore<String, Long> counts;

    public QuotaCounter(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        counts = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<String, AcceptedEvent> record) {
        AcceptedEvent event = record.value();
        String key = key(event.workspaceId(), YearMonth.from(event.receivedAt().atZone(ZoneOffset.UTC)));
        Long count = counts.get(key);
        counts.put(key, count == null ? 1 : count + 1);
    }

    /** \0 cannot occur in validated workspace ids. */
    public static String key(String workspaceId, YearMonth month) {
        return workspaceId + '\u0000' + month;
    }
}
