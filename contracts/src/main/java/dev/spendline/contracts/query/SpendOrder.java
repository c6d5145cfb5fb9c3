package dev.spendline.contracts.query;

import java.util.Locale;

/** Which rows of a spend report come first: the largest ({@code desc}) or the smallest ({@code asc}). */
public enum SpendOrder {
    DESC,
    ASC;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code desc} or {@code asc}, case-insensitively; null for anything else. */
    public static SpendOrder parse(String text) {
        for (SpendOrder order : values()) {
            if (order.wireName().equalsIgnoreCase(text)) {
                return order;
            }
        }
        return null;
    }
}
