package dev.spendline.streams.legacy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.HourlyHorizon;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * What the product rollup processor of the layout before issue #29 wrote for one event (main at
 * 8428f72), frozen: every dimension and the three pairs by hour and day, the combination rollup
 * as one {@code cx} key per combination and bucket with its {@code cx_} total, and by month the
 * total, customer, feature and customer with feature.
 *
 * <p>Only for tests that put state of that layout into a store and check that this version reads
 * it, and adds to it, exactly (an upgrade in place). Delete it with the release after the one that
 * ships the new layout.
 */
public final class LegacyRollupFold {

    private static final ProductRollupSpec SPEC =
            new ProductRollupSpec(dev.spendline.streams.pricing.PriceBook.bundled());
    private static final List<Dimension> DIMENSIONS = SPEC.dimensions();
    private static final List<List<Dimension>> PAIRS = Dimension.PAIRS;
    private static final List<Dimension> MONTHLY = List.of(Dimension.TENANT, Dimension.FEATURE);
    private static final List<Dimension> MONTHLY_PAIR = List.of(Dimension.TENANT, Dimension.FEATURE);

    private LegacyRollupFold() {}

    public static void fold(KeyValueStore<String, Rollup> store, AcceptedEvent event) {
        String ws = SPEC.workspaceId(event);
        Rollup delta = SPEC.delta(event);
        String[] values = new String[DIMENSIONS.size()];
        for (int i = 0; i < values.length; i++) {
            String v = SPEC.valueOf(event, DIMENSIONS.get(i));
            values[i] = v == null ? "" : v;
        }
        StringBuilder combined = new StringBuilder();
        for (int i = 0; i < ProductRollupSpec.COMBINATION.size(); i++) {
            if (i > 0) {
                combined.append(RollupKeys.PAIR_SEP);
            }
            combined.append(values[DIMENSIONS.indexOf(ProductRollupSpec.COMBINATION.get(i))]);
        }
        Instant time = SPEC.time(event);
        for (Granularity g : Granularity.values()) {
            long bucket = g.bucketOf(time);
            if (g == Granularity.HOUR && !HourlyHorizon.keeps(bucket, SPEC.receivedAt(event))) {
                continue;
            }
            add(store, RollupKeys.key(ws, g, RollupKeys.TOTAL, bucket, ""), delta);
            for (int i = 0; i < values.length; i++) {
                add(store, RollupKeys.key(ws, g, DIMENSIONS.get(i).code(), bucket, values[i]), delta);
            }
            for (List<Dimension> pair : PAIRS) {
                add(
                        store,
                        RollupKeys.key(
                                ws, g, RollupKeys.pairCode(pair.get(0), pair.get(1)), bucket, pairValue(values, pair)),
                        delta);
            }
            add(store, RollupKeys.key(ws, g, RollupKeys.COMBINATION, bucket, combined.toString()), delta);
            add(store, RollupKeys.key(ws, g, RollupKeys.COMBINATION_TOTAL, bucket, ""), delta);
        }
        long month = RollupKeys.monthOf(RollupKeys.monthAt(time));
        add(store, RollupKeys.monthKey(ws, RollupKeys.TOTAL, month, ""), delta);
        for (Dimension d : MONTHLY) {
            add(store, RollupKeys.monthKey(ws, d.code(), month, values[DIMENSIONS.indexOf(d)]), delta);
        }
        add(
                store,
                RollupKeys.monthKey(
                        ws,
                        RollupKeys.pairCode(MONTHLY_PAIR.get(0), MONTHLY_PAIR.get(1)),
                        month,
                        pairValue(values, MONTHLY_PAIR)),
                delta);
    }

    private static String pairValue(String[] values, List<Dimension> pair) {
        return RollupKeys.pairValue(values[DIMENSIONS.indexOf(pair.get(0))], values[DIMENSIONS.indexOf(pair.get(1))]);
    }

    private static void add(KeyValueStore<String, Rollup> store, String key, Rollup delta) {
        Rollup current = store.get(key);
        store.put(key, current == null ? delta : current.plus(delta));
    }
}
