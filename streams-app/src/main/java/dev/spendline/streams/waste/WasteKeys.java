package dev.spendline.streams.waste;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.streams.rollup.RollupKeys;

/**
 * Dimension codes of the waste store, used with {@code RollupKeys} like the spend rollups':
 * {@code w} for all waste (each call once), {@code w.<dimension>} for all waste per dimension value
 * (each call once), {@code w<kind>} per kind, {@code w<kind>.<dimension>} per kind and dimension
 * value, and {@code wmo.<feature+model>} for model overkill per feature and model (pair values as in
 * {@link RollupKeys#pairValue}).
 */
final class WasteKeys {

    public static final String ANY = "w";

    /** Model overkill per feature and the (expensive) model of the call. */
    public static final String OVERKILL_BY_FEATURE_AND_MODEL =
            kind(WasteKind.MODEL_OVERKILL) + '.' + RollupKeys.pairCode(Dimension.FEATURE, Dimension.MODEL);

    private WasteKeys() {}

    /** All waste per value of {@code dimension}, each wasteful call once at its largest amount. */
    public static String anyBy(Dimension dimension) {
        return ANY + '.' + dimension.code();
    }

    public static String kind(WasteKind kind) {
        return ANY + kind.code();
    }

    public static String kindBy(WasteKind kind, Dimension dimension) {
        return kind(kind) + '.' + dimension.code();
    }
}
