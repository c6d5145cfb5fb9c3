package dev.spendline.contracts.event;

import dev.spendline.contracts.json.Json;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Product events for tests of what carries them (the codec, the topic's serde, the gateway): the
 * smallest valid one, one with every field, and any of them with some fields replaced. Published
 * in contracts' test jar.
 */
public final class ProductEvents {

    private ProductEvents() {}

    /** Only the required fields, at {@code ts}. */
    public static ProductEvent minimal(Instant ts) {
        return new ProductEvent(
                "openai",
                "gpt-4o-mini",
                10,
                2,
                new BigDecimal("0.00001"),
                null,
                null,
                ts,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** Every field present; metadata as {@link Json#MAPPER} reads it from a topic. */
    public static ProductEvent full() {
        return new ProductEvent(
                "anthropic",
                "claude-sonnet-4-5",
                1200,
                300,
                new BigDecimal("0.000015"),
                "billing-importer",
                "req_01HZX",
                Instant.parse("2026-11-22T09:59:58.250Z"),
                1500L,
                800L,
                100L,
                1830L,
                "success",
                "/api/summarize",
                "acme-corp",
                "user-17",
                "support-agent",
                "ticket-triage",
                "run-9001",
                "classify",
                "search_kb",
                2L,
                "resolved",
                Json.MAPPER.readTree("{\"region\":\"eu-west-1\",\"weights\":[0.25,1],\"nested\":{\"ok\":true}}"));
    }

    /**
     * {@code e} with the named fields replaced: pairs of a field name and its value, metadata given
     * as JSON text.
     */
    public static ProductEvent with(ProductEvent e, Object... namesAndValues) {
        RecordComponent[] components = ProductEvent.class.getRecordComponents();
        Map<String, Object> values = new LinkedHashMap<>();
        try {
            for (RecordComponent component : components) {
                values.put(component.getName(), component.getAccessor().invoke(e));
            }
            for (int i = 0; i < namesAndValues.length; i += 2) {
                String name = (String) namesAndValues[i];
                if (!values.containsKey(name)) {
                    throw new IllegalArgumentException("ProductEvent has no field " + name);
                }
                Object value = namesAndValues[i + 1];
                values.put(name, name.equals("metadata") ? Json.MAPPER.readTree((String) value) : value);
            }
            Class<?>[] types =
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
            return ProductEvent.class
                    .getDeclaredConstructor(types)
                    .newInstance(values.values().toArray());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
