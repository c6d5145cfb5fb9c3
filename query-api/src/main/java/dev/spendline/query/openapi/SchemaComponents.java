package dev.spendline.query.openapi;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.schemas.PublishedSchemas;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The published JSON Schemas as the document's {@code components/schemas}, unchanged but for what
 * moving a schema resource into another document requires. OpenAPI 3.1's schema objects are JSON
 * Schema 2020-12, so a published schema is used as it is, with three rewrites:
 *
 * <ul>
 *   <li>{@code $id} and {@code $schema} are dropped: an {@code $id} would make every {@code $ref}
 *       inside resolve against {@code https://spendline.dev/schemas/…} instead of this document,
 *       and the document's {@code jsonSchemaDialect} already names 2020-12;
 *   <li>{@code #/$defs/x} (a reference inside the schema) becomes {@code
 *       #/components/schemas/<name>/$defs/x};
 *   <li>{@code <file>.schema.json} (a reference to another published schema, e.g. the batch's items)
 *       becomes {@code #/components/schemas/<that name>}.
 * </ul>
 *
 * Any other reference fails the build of the document, so a new kind is seen, not published broken.
 */
final class SchemaComponents {

    static final String PREFIX = "#/components/schemas/";

    private SchemaComponents() {}

    /** The reference to the component {@code name}. */
    static ObjectNode ref(String name) {
        ObjectNode ref = Json.MAPPER.createObjectNode();
        ref.put("$ref", PREFIX + name);
        return ref;
    }

    /** The reference to the definition {@code def} inside the component {@code name}. */
    static ObjectNode defRef(String name, String def) {
        ObjectNode ref = Json.MAPPER.createObjectNode();
        ref.put("$ref", PREFIX + name + "/$defs/" + def);
        return ref;
    }

    /** Adds the published schema text as the component {@code name}. */
    static void add(ObjectNode schemas, String name, String schemaText) {
        JsonNode schema = Json.MAPPER.readTree(schemaText);
        if (!(schema instanceof ObjectNode object)) {
            throw new IllegalStateException("The schema " + name + " is not a JSON object");
        }
        object.remove("$id");
        object.remove("$schema");
        rewriteRefs(object, name);
        schemas.set(name, object);
    }

    static void add(ObjectNode schemas, PublishedSchemas schema) {
        add(schemas, schema.schemaName(), schema.text());
    }

    private static void rewriteRefs(JsonNode node, String component) {
        if (node instanceof ObjectNode object) {
            for (String key : List.copyOf(object.propertyNames())) {
                JsonNode value = object.get(key);
                if (key.equals("$ref") && value.isString()) {
                    object.put(key, rewritten(value.stringValue(), component));
                } else {
                    rewriteRefs(value, component);
                }
            }
        } else if (node != null && node.isArray()) {
            for (JsonNode item : node) {
                rewriteRefs(item, component);
            }
        }
    }

    private static String rewritten(String ref, String component) {
        if (ref.startsWith("#/$defs/")) {
            return PREFIX + component + ref.substring(1);
        }
        PublishedSchemas other = PublishedSchemas.ofFile(ref);
        if (other != null) {
            return PREFIX + other.schemaName();
        }
        throw new IllegalStateException("The schema " + component + " has a reference the document cannot carry: " + ref
                + " (only #/$defs/… and the published schemas' file names are rewritten)");
    }
}
