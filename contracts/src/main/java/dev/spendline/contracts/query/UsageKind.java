package dev.spendline.contracts.query;

import java.util.Locale;

/** Product events (customer-facing AI features) or internal AI-tool usage; never mixed. */
public enum UsageKind {
    PRODUCT,
    INTERNAL;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code product} or {@code internal}, case-insensitively; null for anything else. */
    public static UsageKind parse(String text) {
        for (UsageKind kind : values()) {
            if (kind.wireName().equalsIgnoreCase(text)) {
                return kind;
            }
        }
        return null;
    }
}
