package dev.spendline.streams.waste;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.waste.WasteRules.CacheBaseline;
import dev.spendline.streams.waste.WasteRules.CheaperModel;
import dev.spendline.streams.waste.WasteRules.ModelBaseline;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A feature's history over the {@value WasteRules#BASELINE_DAYS} whole days before a call, read
 * from the product rollups the topology keeps anyway (daily buckets of the feature, and of the
 * feature-and-model pair), so cache misses and model overkill need no store of their own.
 * Remembered per feature and day: the days before do not change any more.
 */
final class FeatureBaselines {

    private static final String PAIR = RollupKeys.pairCode(Dimension.FEATURE, Dimension.MODEL);

    private final KeyValueStore<String, Rollup> rollups;
    // Keyed by records, not joined strings: the memos are probed on every call with a feature.
    private final BoundedMemo<FeatureDay, CacheBaseline> cache = new BoundedMemo<>(10_000);
    private final BoundedMemo<FeatureDay, Map<String, ModelBaseline>> models = new BoundedMemo<>(10_000);
    private final BoundedMemo<ModelDay, Optional<CheaperModel>> cheaper = new BoundedMemo<>(10_000);

    FeatureBaselines(KeyValueStore<String, Rollup> rollups) {
        this.rollups = rollups;
    }

    CacheBaseline cacheOf(String ws, String feature, long day) {
        return cache.get(new FeatureDay(ws, feature, day), key -> {
            Rollup sum = Rollup.EMPTY;
            for (long d = day - WasteRules.BASELINE_DAYS; d < day; d++) {
                Rollup r = rollups.get(RollupKeys.key(ws, Granularity.DAY, Dimension.FEATURE.code(), d, feature));
                if (r != null) {
                    sum = sum.plus(r);
                }
            }
            return new CacheBaseline(sum.calls(), sum.inputTokens(), sum.cacheReadTokens());
        });
    }

    /** Per model the feature used: calls, errors, cost and tokens (input and output). */
    Map<String, ModelBaseline> modelsOf(String ws, String feature, long day) {
        return models.get(new FeatureDay(ws, feature, day), key -> {
            Map<String, Rollup> byModel = new HashMap<>();
            String prefix = RollupKeys.prefix(ws, Granularity.DAY, PAIR);
            for (long d = day - WasteRules.BASELINE_DAYS; d < day; d++) {
                try (KeyValueIterator<String, Rollup> it = rollups.range(
                        RollupKeys.firstOfPairStart(prefix, d, feature),
                        RollupKeys.firstOfPairEnd(prefix, d, feature))) {
                    while (it.hasNext()) {
                        KeyValue<String, Rollup> kv = it.next();
                        String pair = RollupKeys.valueOf(kv.key);
                        String model = pair.substring(pair.indexOf(RollupKeys.PAIR_SEP) + 1);
                        byModel.merge(model, kv.value, Rollup::plus);
                    }
                }
            }
            Map<String, ModelBaseline> result = new HashMap<>();
            byModel.forEach((model, r) -> result.put(
                    model,
                    new ModelBaseline(r.calls(), r.errors(), r.costNanos(), r.inputTokens() + r.outputTokens())));
            return Map.copyOf(result);
        });
    }

    /** {@link WasteRules#cheaperThan} for the model in the feature, remembered per day like the baseline. */
    CheaperModel cheaperThan(String ws, String feature, String model, long day) {
        return cheaper.get(
                        new ModelDay(ws, feature, model, day),
                        key -> Optional.ofNullable(WasteRules.cheaperThan(model, modelsOf(ws, feature, day))))
                .orElse(null);
    }

    private record FeatureDay(String ws, String feature, long day) {}

    private record ModelDay(String ws, String feature, String model, long day) {}
}
