package dev.spendline.streams.waste;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.waste.WasteKind;

/**
 * Dimension codes of the waste store, used with {@code RollupKeys} like the spend rollups':
 * {@code w} for all waste (each call once), {@code w<kind>} per kind, {@code w<kind>.<dimension>}
 * per kind and dimension value.
 */
public final class WasteKeys {

    public static final String ANY = "w";

    private WasteKeys() {}

    public static String kind(WasteKind kind) {
        return ANY + kind.code();
    }

    public static String kindBy(WasteKind kind, Dimension dimension) {
        return kind(kind) + '.' + dimension.code();
    }
}
