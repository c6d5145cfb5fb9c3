package dev.spendline.streams.waste;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Classifies each deduplicated product event into zero or more {@link WasteKind}s and adds its
 * cost to the waste rollups (hourly and daily, per kind, per kind and dimension, and once to the
 * all-waste total). Definitions: docs/waste.md.
 *
 * <p>Duplicate steps need memory: a window store of the run steps that succeeded, keyed
 * {@code workspace \0 runId \0 stepId}, kept as long as the dedupe horizon.
 */
public final class WasteProcessor implements Processor<String, AcceptedEvent, Void, Void> {

    static final List<Dimension> BY = TopWasteQuery.BY.stream().sorted().toList();

    private final String wasteStoreName;
    private final String stepStoreName;
    private final long horizonMs;
    private final ProductRollupSpec spec = new ProductRollupSpec();
    private KeyValueStore<String, Rollup> waste;
    private WindowStore<String, Long> succeededSteps;

    public WasteProcessor(String wasteStoreName, String stepStoreName, Duration horizon) {
        this.wasteStoreName = wasteStoreName;
        this.stepStoreName = stepStoreName;
        this.horizonMs = horizon.toMillis();
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        waste = context.getStateStore(wasteStoreName);
        succeededSteps = context.getStateStore(stepStoreName);
    }

    @Override
    public void process(Record<String, AcceptedEvent> record) {
        AcceptedEvent accepted = record.value();
        Set<WasteKind> kinds = classify(accepted.event(), accepted.workspaceId());
        if (kinds.isEmpty()) {
            return;
        }
        String ws = accepted.workspaceId();
        Rollup delta = spec.delta(accepted);
        for (Granularity g : Granularity.values()) {
            long bucket = g.bucketOf(accepted.event().ts());
            add(RollupKeys.key(ws, g, WasteKeys.ANY, bucket, ""), delta);
            for (WasteKind kind : kinds) {
                add(RollupKeys.key(ws, g, WasteKeys.kind(kind), bucket, ""), delta);
                for (Dimension d : BY) {
                    String value = spec.valueOf(accepted, d);
                    add(RollupKeys.key(ws, g, WasteKeys.kindBy(kind, d), bucket, value == null ? "" : value), delta);
                }
            }
        }
    }

    private Set<WasteKind> classify(ProductEvent e, String ws) {
        Set<WasteKind> kinds = EnumSet.noneOf(WasteKind.class);
        if (e.failed()) {
            kinds.add(WasteKind.FAILED_CALL);
        }
        if (e.retries() > 0) {
            kinds.add(WasteKind.RETRY);
        }
        if (!e.failed() && e.runId() != null && e.stepId() != null) {
            String step = ws + '\u0000' + e.runId() + '\u0000' + e.stepId();
            long ts = e.ts().toEpochMilli();
            boolean succeededBefore;
            try (WindowStoreIterator<Long> it = succeededSteps.fetch(step, ts - horizonMs, ts + horizonMs)) {
                succeededBefore = it.hasNext();
            }
            if (succeededBefore) {
                kinds.add(WasteKind.DUPLICATE_STEP);
            } else {
                succeededSteps.put(step, ts, ts);
            }
        }
        return kinds;
    }

    private void add(String key, Rollup delta) {
        Rollup current = waste.get(key);
        waste.put(key, current == null ? delta : current.plus(delta));
    }
}
