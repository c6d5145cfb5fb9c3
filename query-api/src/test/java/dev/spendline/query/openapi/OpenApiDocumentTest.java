package dev.spendline.query.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.schemas.PublishedSchemas;
import dev.spendline.contracts.tools.ReadTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The document as built: self-contained, and each read tool's operation derived from its declaration. */
class OpenApiDocumentTest {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private final ObjectNode document = OpenApiDocument.build();

    @Test
    void isOpenApi31WithJsonSchema202012AndRelativeServer() throws IOException {
        assertThat(document.get("openapi").stringValue()).startsWith("3.1.");
        assertThat(document.get("jsonSchemaDialect").stringValue())
                .isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(document.at("/servers/0/url").stringValue()).isEqualTo("/");
        // Kept for reading and for a linter run by hand: npx @redocly/cli lint target/openapi.json
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target", "openapi.json"), Json.MAPPER.writeValueAsBytes(document));
    }

    @Test
    void everyReferenceResolvesInsideTheDocument() {
        List<String> refs = new ArrayList<>();
        collectRefs(document, refs);
        assertThat(refs).isNotEmpty();
        for (String ref : refs) {
            assertThat(ref).as("a reference inside the document").startsWith("#/");
            assertThat(document.at(ref.substring(1)).isMissingNode())
                    .as("%s resolves", ref)
                    .isFalse();
        }
    }

    @Test
    void publishedSchemasLoseTheirIdSoReferencesResolveAgainstTheDocument() {
        JsonNode schemas = document.at("/components/schemas");
        for (PublishedSchemas published : PublishedSchemas.values()) {
            assertThat(schemas.get(published.schemaName()).has("$id")).isFalse();
        }
        for (ReadTool tool : ReadTool.values()) {
            assertThat(schemas.get(OpenApiDocument.outputName(tool)).has("$id")).isFalse();
            assertThat(schemas.get(OpenApiDocument.outputName(tool))
                            .get("description")
                            .stringValue())
                    .isEqualTo(Json.MAPPER
                            .readTree(tool.outputSchema())
                            .get("description")
                            .stringValue());
        }
        assertThat(schemas.at("/event-batch/properties/events/items/$ref").stringValue())
                .isEqualTo("#/components/schemas/product-event");
    }

    @Test
    void everyReadToolIsAGetOfItsPathWithItsInputSchemaAsQueryParameters() {
        for (ReadTool tool : ReadTool.values()) {
            JsonNode operation = document.at("/paths").get(tool.path()).get("get");
            assertThat(operation.get("operationId").stringValue()).isEqualTo(tool.toolName());
            assertThat(operation.get("description").stringValue()).isEqualTo(tool.description());
            JsonNode input = Json.MAPPER.readTree(tool.inputSchema());
            Set<String> declared = new LinkedHashSet<>(input.get("properties").propertyNames());
            Set<String> parameters = new LinkedHashSet<>();
            Set<String> required = new HashSet<>();
            for (JsonNode parameter : operation.get("parameters")) {
                assertThat(parameter.get("in").stringValue()).isEqualTo("query");
                parameters.add(parameter.get("name").stringValue());
                if (parameter.get("required").booleanValue()) {
                    required.add(parameter.get("name").stringValue());
                }
            }
            assertThat(parameters).as(tool.toolName()).containsExactlyElementsOf(declared);
            Set<String> declaredRequired = new HashSet<>();
            input.path("required").forEach(r -> declaredRequired.add(r.stringValue()));
            assertThat(required).as(tool.toolName()).isEqualTo(declaredRequired);
            assertThat(operation
                            .at("/responses/200/content/application~1json/schema/$ref")
                            .stringValue())
                    .isEqualTo("#/components/schemas/" + tool.toolName() + ".output");
        }
        JsonNode exclude = parameter(document.at("/paths/~1api~1v1~1reports~1spend/get"), "exclude");
        assertThat(exclude.get("explode").booleanValue()).isTrue();
        assertThat(exclude.at("/schema/type").stringValue()).isEqualTo("array");
    }

    @Test
    void operationIdsAreUniqueAndEveryOperationAnswersAnError() {
        Set<String> ids = new HashSet<>();
        for (String path : document.get("paths").propertyNames()) {
            JsonNode item = document.get("paths").get(path);
            for (String method : item.propertyNames()) {
                assertThat(METHODS).contains(method);
                JsonNode operation = item.get(method);
                assertThat(ids.add(operation.get("operationId").stringValue()))
                        .as("unique operationId %s", operation.get("operationId"))
                        .isTrue();
                boolean hasError = false;
                for (String status : operation.get("responses").propertyNames()) {
                    hasError |= status.startsWith("4") || status.startsWith("5");
                }
                assertThat(hasError).as("%s %s answers an error", method, path).isTrue();
            }
        }
    }

    @Test
    void theDocumentItselfIsPublicAndEverythingElseUnderApiV1NeedsACredential() {
        assertThat(document.at("/security/0/apiKey").isArray()).isTrue();
        for (String path : document.get("paths").propertyNames()) {
            JsonNode item = document.get("paths").get(path);
            for (String method : item.propertyNames()) {
                JsonNode security = item.get(method).get("security");
                boolean open = security != null && security.isEmpty();
                if (path.equals(OpenApiDocument.PATH)) {
                    assertThat(open).isTrue();
                } else if (path.startsWith("/api/")) {
                    assertThat(open)
                            .as("%s %s needs a credential", method, path)
                            .isFalse();
                }
            }
        }
    }

    private static JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode parameter : operation.get("parameters")) {
            if (parameter.get("name").stringValue().equals(name)) {
                return parameter;
            }
        }
        throw new AssertionError("no parameter " + name);
    }

    private static void collectRefs(JsonNode node, List<String> refs) {
        if (node.isObject()) {
            for (String key : node.propertyNames()) {
                JsonNode value = node.get(key);
                if (key.equals("$ref") && value.isString()) {
                    refs.add(value.stringValue());
                } else {
                    collectRefs(value, refs);
                }
            }
        } else if (node.isArray()) {
            node.forEach(item -> collectRefs(item, refs));
        }
    }
}
