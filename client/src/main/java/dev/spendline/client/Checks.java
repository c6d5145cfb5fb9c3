package dev.spendline.client;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The few checks made on the caller's side: only what could not be sent at all (a missing required
 * field, a value JSON cannot carry). Every other rule (lengths, ranges, e-mail shape, credentials in
 * metadata) is the server's, which answers with every problem at once.
 */
final class Checks {

    private Checks() {}

    static <T> T required(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is required");
        }
        return value;
    }

    /** Both or neither, as the server requires; caught here because a lone one can never be accepted. */
    static void identity(String source, String externalId) {
        if ((source == null) != (externalId == null)) {
            throw new IllegalArgumentException(
                    source == null
                            ? "source is required when externalId is given"
                            : "externalId is required when source is given");
        }
    }

    static BigDecimal cost(BigDecimal cost, String field) {
        if (cost != null && cost.signum() < 0) {
            throw new IllegalArgumentException(field + " must not be negative");
        }
        return cost;
    }

    /** The builder's map as the record's type; the record's constructor makes the checked copy. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> metadataView(Map<String, ?> metadata) {
        return (Map<String, Object>) metadata;
    }

    /** A read-only deep copy made of what JSON can carry: strings, numbers, booleans, null, maps, lists. */
    static Map<String, Object> metadata(Map<String, ?> metadata) {
        if (metadata == null) {
            return null;
        }
        return copyObject(metadata, "metadata");
    }

    private static Map<String, Object> copyObject(Map<?, ?> map, String path) {
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(path + " has a key that is not a string: " + entry.getKey());
            }
            copy.put(key, copyValue(entry.getValue(), path + "/" + key));
        }
        return Collections.unmodifiableMap(copy);
    }

    private static Object copyValue(Object value, String path) {
        if (value == null || value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Number number) {
            if (number instanceof Double d && (d.isNaN() || d.isInfinite())
                    || number instanceof Float f && (f.isNaN() || f.isInfinite())) {
                throw new IllegalArgumentException(path + " is not a finite number");
            }
            return number;
        }
        if (value instanceof Map<?, ?> map) {
            return copyObject(map, path);
        }
        if (value instanceof List<?> list) {
            Object[] items = new Object[list.size()];
            for (int i = 0; i < items.length; i++) {
                items[i] = copyValue(list.get(i), path + "/" + i);
            }
            return Collections.unmodifiableList(java.util.Arrays.asList(items));
        }
        throw new IllegalArgumentException(path + " is a " + value.getClass().getName()
                + "; metadata holds strings, numbers, booleans, null, maps and lists");
    }
}
