package dev.spendline.contracts.compare;

import java.util.Locale;

/** Which report a comparison runs twice. */
public enum CompareSubject {
    SPEND,
    MARGIN_BY_CUSTOMER,
    MARGIN_BY_FEATURE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The subject called {@code text}, case-insensitively; null for anything else. */
    public static CompareSubject parse(String text) {
        for (CompareSubject s : values()) {
            if (s.wireName().equalsIgnoreCase(text)) {
                return s;
            }
        }
        return null;
    }
}
