package dev.spendline.streams.margin;

import dev.spendline.contracts.revenue.RevenueRow;
import java.math.BigDecimal;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the latest revenue per workspace, month and tenant (in nano-dollars) from the compacted
 * revenue topic; a tombstone deletes. Keys that are not {@link RevenueRow#key}s are skipped: only
 * Spendline's settings API writes this topic, so one would be a bug of a writer, not data.
 */
public final class RevenueProcessor implements Processor<String, RevenueRow, Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(RevenueProcessor.class);

    private final String storeName;
    private KeyValueStore<String, Long> revenue;

    public RevenueProcessor(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.revenue = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<String, RevenueRow> record) {
        RevenueRow.KeyParts key = RevenueRow.parseKey(record.key());
        if (key == null) {
            log.warn("Skipping a revenue record with a malformed key");
            return;
        }
        String storeKey = RevenueKeys.key(key.workspaceId(), key.month(), key.tenantId());
        RevenueRow row = record.value();
        if (row == null) {
            revenue.delete(storeKey);
            return;
        }
        revenue.put(storeKey, toNanos(row.amountUsd()));
    }

    /** Exact: amounts carry at most 9 decimals and at most a billion dollars (validated on entry). */
    static long toNanos(BigDecimal usd) {
        return usd.movePointRight(9)
                .setScale(0, java.math.RoundingMode.HALF_EVEN)
                .longValueExact();
    }
}
