package dev.spendline.query.openapi;

import dev.spendline.contracts.json.Json;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of an answer record, read from the record itself, for the answers that have no
 * published schema (Ask, actions, webhooks, snoozes, revenue, experiments): each component is a
 * property of the type Jackson writes it as. Components of a primitive type are always present and
 * required; components of a reference type may be {@code null}, so they are typed so and not
 * required. A component typed as an open JSON value ({@code JsonNode}, {@code Object}, {@code
 * Record}) is any JSON value: what it holds is described in words where it is used.
 */
final class RecordSchemas {

    private static final int MAX_DEPTH = 8;

    private RecordSchemas() {}

    /** The schema of a record type (its components, recursively). */
    static ObjectNode of(Class<? extends Record> type) {
        return schema(type, 0);
    }

    private static ObjectNode schema(Type type, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalStateException("Records nested deeper than " + MAX_DEPTH + " at " + type);
        }
        ObjectNode schema = Json.MAPPER.createObjectNode();
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() instanceof Class<?> raw) {
            Type[] arguments = parameterized.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw)) {
                schema.put("type", "array");
                schema.set("items", schema(arguments[0], depth + 1));
                return schema;
            }
            if (Map.class.isAssignableFrom(raw)) {
                schema.put("type", "object");
                schema.set("additionalProperties", schema(arguments[1], depth + 1));
                return schema;
            }
            if (raw == Optional.class) {
                return schema(arguments[0], depth + 1);
            }
            return schema(raw, depth);
        }
        if (type instanceof WildcardType wildcard) {
            return schema(wildcard.getUpperBounds()[0], depth);
        }
        if (type instanceof GenericArrayType array) {
            schema.put("type", "array");
            schema.set("items", schema(array.getGenericComponentType(), depth + 1));
            return schema;
        }
        if (!(type instanceof Class<?> c)) {
            // A type variable: whatever the record was made with.
            return schema;
        }
        if (c == String.class || c == char.class || c == Character.class || c == UUID.class) {
            schema.put("type", "string");
        } else if (c == boolean.class || c == Boolean.class) {
            schema.put("type", "boolean");
        } else if (c == int.class
                || c == long.class
                || c == short.class
                || c == Integer.class
                || c == Long.class
                || c == Short.class
                || c == BigInteger.class) {
            schema.put("type", "integer");
        } else if (c == double.class
                || c == float.class
                || c == Double.class
                || c == Float.class
                || c == BigDecimal.class) {
            schema.put("type", "number");
        } else if (c == Instant.class || c == OffsetDateTime.class) {
            schema.put("type", "string").put("format", "date-time");
        } else if (c == LocalDate.class) {
            schema.put("type", "string").put("format", "date");
        } else if (c == YearMonth.class) {
            schema.put("type", "string").put("pattern", "^[0-9]{4}-[0-9]{2}$");
        } else if (c.isEnum()) {
            schema.put("type", "string");
            ArrayNode values = schema.putArray("enum");
            for (Object constant : c.getEnumConstants()) {
                values.add(((Enum<?>) constant).name());
            }
        } else if (c.isArray()) {
            schema.put("type", "array");
            schema.set("items", schema(c.getComponentType(), depth + 1));
        } else if (Collection.class.isAssignableFrom(c)) {
            schema.put("type", "array");
        } else if (Map.class.isAssignableFrom(c)) {
            schema.put("type", "object");
        } else if (c.isRecord() && c != Record.class) {
            schema.put("type", "object");
            ObjectNode properties = schema.putObject("properties");
            ArrayNode required = Json.MAPPER.createArrayNode();
            for (RecordComponent component : c.getRecordComponents()) {
                ObjectNode property = schema(component.getGenericType(), depth + 1);
                if (component.getType().isPrimitive()) {
                    required.add(component.getName());
                } else {
                    nullable(property);
                }
                properties.set(component.getName(), property);
            }
            if (!required.isEmpty()) {
                schema.set("required", required);
            }
        } else if (!(JsonNode.class.isAssignableFrom(c) || c == Object.class || c == Record.class)) {
            throw new IllegalStateException("No JSON Schema for " + c.getName() + ": add its JSON type here");
        }
        return schema;
    }

    /** A property that may be {@code null}: its type, or null. An open value is already any value. */
    private static void nullable(ObjectNode property) {
        JsonNode type = property.get("type");
        if (type != null && type.isString()) {
            ArrayNode types =
                    Json.MAPPER.createArrayNode().add(type.stringValue()).add("null");
            property.set("type", types);
            if (property.has("enum")) {
                ((ArrayNode) property.get("enum")).addNull();
            }
        }
    }
}
