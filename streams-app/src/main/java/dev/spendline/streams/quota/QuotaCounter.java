package dev.spendline.streams.quota;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.streams.state.WriteBackStore;
import java.time.Instant;
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
    private String lastWorkspace;
    private String lastKey;
    /** The month of {@link #lastKey}: {@code [monthStartMs, monthEndMs)}. */
    private long monthStartMs;

    private long monthEndMs;

    public QuotaCounter(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        // The store itself, not Kafka Streams' read-write decorator around it: two calls an event.
        counts = WriteBackStore.of(context.getStateStore(storeName));
    }

    @Override
    public void process(Record<String, AcceptedEvent> record) {
        AcceptedEvent event = record.value();
        String key = keyOf(event.workspaceId(), event.receivedAt().toEpochMilli());
        Long count = counts.get(key);
        counts.put(key, count == null ? 1 : count + 1);
    }

    /**
     * {@link #key} of the workspace and the month of {@code receivedAtMs}: the last one again when
     * the workspace is the same instance (the decoder hands out one per recent name) and the time
     * is in the same month, which is nearly always; a month and a key string per event were half
     * of this processor's time.
     */
    private String keyOf(String workspaceId, long receivedAtMs) {
        if (workspaceId != lastWorkspace || receivedAtMs < monthStartMs || receivedAtMs >= monthEndMs) {
            YearMonth month = YearMonth.from(Instant.ofEpochMilli(receivedAtMs).atZone(ZoneOffset.UTC));
            lastKey = key(workspaceId, month);
            lastWorkspace = workspaceId;
            monthStartMs =
                    month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            monthEndMs = month.plusMonths(1)
                    .atDay(1)
                    .atStartOfDay(ZoneOffset.UTC)
                    .toInstant()
                    .toEpochMilli();
        }
        return lastKey;
    }

    /** \0 cannot occur in validated workspace ids. */
    public static String key(String workspaceId, YearMonth month) {
        return workspaceId + '\u0000' + month;
    }
}
