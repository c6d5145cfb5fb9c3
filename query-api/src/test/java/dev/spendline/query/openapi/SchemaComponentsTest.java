package dev.spendline.query.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A published schema moved into the document, and a record read as a schema. */
class SchemaComponentsTest {

    @Test
    void dropsTheIdAndPointsInnerAndPublishedReferencesIntoTheDocument() {
        ObjectNode schemas = Json.MAPPER.createObjectNode();
        SchemaComponents.add(
                schemas,
                "thing",
                """
                {"$schema": "https://json-schema.org/draft/2020-12/schema",
                 "$id": "https://spendline.dev/schemas/thing.schema.json",
                 "type": "object",
                 "properties": {"a": {"$ref": "#/$defs/a"}, "events": {"items": [{"$ref": "product-event.schema.json"}]}},
                 "$defs": {"a": {"type": "string"}}}""");
        JsonNode thing = schemas.get("thing");
        assertThat(thing.has("$id")).isFalse();
        assertThat(thing.has("$schema")).isFalse();
        assertThat(thing.at("/properties/a/$ref").stringValue()).isEqualTo("#/components/schemas/thing/$defs/a");
        assertThat(thing.at("/properties/events/items/0/$ref").stringValue())
                .isEqualTo("#/components/schemas/product-event");
    }

    @Test
    void refusesAReferenceItCannotCarry() {
        ObjectNode schemas = Json.MAPPER.createObjectNode();
        assertThatThrownBy(() -> SchemaComponents.add(
                        schemas, "thing", "{\"properties\": {\"a\": {\"$ref\": \"https://example.com/x.json\"}}}"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("https://example.com/x.json");
        assertThatThrownBy(() -> SchemaComponents.add(schemas, "thing", "[]"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not a JSON object");
    }

    enum Colour {
        RED,
        BLUE
    }

    record Inner(String name, List<Integer> counts) {}

    record Outer(
            long calls,
            boolean on,
            BigDecimal costUsd,
            Instant at,
            Colour colour,
            Inner inner,
            Map<String, Inner> byName,
            JsonNode anything) {}

    @Test
    void aRecordIsAnObjectOfItsComponentsWithPrimitivesRequiredAndReferencesNullable() {
        JsonNode schema = RecordSchemas.of(Outer.class);
        assertThat(schema.get("type").stringValue()).isEqualTo("object");
        assertThat(schema.get("required"))
                .containsExactly(
                        Json.MAPPER.getNodeFactory().stringNode("calls"),
                        Json.MAPPER.getNodeFactory().stringNode("on"));
        JsonNode properties = schema.get("properties");
        assertThat(properties.at("/calls/type").stringValue()).isEqualTo("integer");
        assertThat(properties.at("/on/type").stringValue()).isEqualTo("boolean");
        assertThat(properties.at("/costUsd/type").toString()).isEqualTo("[\"number\",\"null\"]");
        assertThat(properties.at("/at/format").stringValue()).isEqualTo("date-time");
        assertThat(properties.at("/colour/enum").toString()).isEqualTo("[\"RED\",\"BLUE\",null]");
        assertThat(properties.at("/inner/properties/counts/items/type").stringValue())
                .isEqualTo("integer");
        assertThat(properties
                        .at("/byName/additionalProperties/properties/name/type")
                        .toString())
                .isEqualTo("[\"string\",\"null\"]");
        assertThat(properties.get("anything").isEmpty()).as("any JSON value").isTrue();
    }

    record Unknown(Thread thread) {}

    @Test
    void aTypeWithoutAKnownJsonShapeIsRefusedNotGuessed() {
        assertThatThrownBy(() -> RecordSchemas.of(Unknown.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("java.lang.Thread");
    }
}
