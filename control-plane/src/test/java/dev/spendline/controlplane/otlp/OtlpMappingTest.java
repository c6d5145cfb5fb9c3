package dev.spendline.controlplane.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of a workspace's OTLP mapping, and the default every field it leaves out keeps. */
class OtlpMappingTest {

    private static OtlpMapping read(String json, List<FieldError> errors) {
        return OtlpMapping.read(Json.MAPPER.readTree(json), "", errors);
    }

    @Test
    void theDefaultIsTheDocumentedMapping() {
        assertThat(OtlpMapping.DEFAULT.isDefault()).isTrue();
        assertThat(OtlpMapping.DEFAULT.effective())
                .containsExactly(
                        java.util.Map.entry("tenantId", List.of("spendline.tenant_id")),
                        java.util.Map.entry("feature", List.of("spendline.feature")),
                        java.util.Map.entry("userId", List.of("enduser.id", "user.id")),
                        java.util.Map.entry("agentId", List.of("gen_ai.agent.id", "gen_ai.agent.name")),
                        java.util.Map.entry("workflowId", List.of("spendline.workflow")),
                        java.util.Map.entry("runId", List.of("session.id", "gen_ai.conversation.id")),
                        java.util.Map.entry("stepId", List.of("spendline.step")),
                        java.util.Map.entry("toolName", List.of("gen_ai.tool.name")),
                        java.util.Map.entry("outcome", List.of("spendline.outcome")));
    }

    @Test
    void changedFieldsReplaceTheirDefaultAndTheOthersKeepIt() {
        List<FieldError> errors = new ArrayList<>();
        OtlpMapping mapping = read(
                "{\"runId\": [\"app.run\"], \"tenantId\": [\"customer.id\", \"spendline.tenant_id\"], \"feature\": null}",
                errors);

        assertThat(errors).isEmpty();
        assertThat(mapping.changed().keySet()).containsExactly("tenantId", "runId");
        assertThat(mapping.names("tenantId")).containsExactly("customer.id", "spendline.tenant_id");
        assertThat(mapping.names(OtlpMapping.FIELDS.indexOf("runId"))).containsExactly("app.run");
        assertThat(mapping.names("feature")).containsExactly("spendline.feature");
        assertThat(mapping.isDefault()).isFalse();
        // The stored form holds only what changed, and reads back equal.
        assertThat(mapping.toJson())
                .isEqualTo("{\"tenantId\":[\"customer.id\",\"spendline.tenant_id\"],\"runId\":[\"app.run\"]}");
        assertThat(OtlpMapping.fromJson(mapping.toJson())).isEqualTo(mapping);
        assertThat(read("{}", errors)).isEqualTo(OtlpMapping.DEFAULT);
    }

    @Test
    void listsEveryProblemWithItsPointer() {
        List<FieldError> errors = new ArrayList<>();
        OtlpMapping mapping = read(
                """
                {"tenant": ["a"],
                 "feature": [],
                 "userId": ["a","b","c","d","e","f","g","h","i"],
                 "agentId": "gen_ai.agent.id",
                 "runId": ["%s", "ok", "bad name", 7, "ok", ""],
                 "stepId": ["spendline.step\\u001b"]}
                """
                        .formatted("x".repeat(OtlpMapping.MAX_NAME_LENGTH + 1)),
                errors);

        assertThat(mapping).isNull();
        assertThat(errors)
                .containsExactly(
                        new FieldError(
                                "/tenant",
                                "is not a field; the fields are tenantId, feature, userId, agentId, workflowId,"
                                        + " runId, stepId, toolName, outcome"),
                        new FieldError(
                                "/feature",
                                "must name at least one attribute; leave the field out, or set it to null, for the"
                                        + " default"),
                        new FieldError("/userId", "names 9 attributes; at most 8 are allowed"),
                        new FieldError("/agentId", "must be a list of attribute names, e.g. [\"customer.id\"]"),
                        new FieldError("/runId/0", "must be 1 to 128 characters"),
                        new FieldError(
                                "/runId/2",
                                "may contain only ASCII letters, digits, '.', '_' and '-' (character 4 is not one)"),
                        new FieldError("/runId/3", "must be a string"),
                        new FieldError("/runId/4", "repeats an attribute named earlier in the list"),
                        new FieldError("/runId/5", "must be 1 to 128 characters"),
                        new FieldError(
                                "/stepId/0",
                                "may contain only ASCII letters, digits, '.', '_' and '-' (character 15 is not one)"));
    }

    @Test
    void eightNamesOfTheLongestLengthAreAllowed() {
        List<FieldError> errors = new ArrayList<>();
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < OtlpMapping.MAX_NAMES; i++) {
            names.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(i)
                    .append("x".repeat(OtlpMapping.MAX_NAME_LENGTH - 1))
                    .append('"');
        }
        OtlpMapping mapping = read("{\"outcome\": [" + names + "]}", errors);
        assertThat(errors).isEmpty();
        assertThat(mapping.names("outcome")).hasSize(OtlpMapping.MAX_NAMES);
    }

    @Test
    void aBodyThatIsNotAnObjectIsOneProblem() {
        List<FieldError> errors = new ArrayList<>();
        assertThat(read("[\"tenantId\"]", errors)).isNull();
        assertThat(errors)
                .containsExactly(new FieldError(
                        "", "must be a JSON object like {\"tenantId\": [\"customer.id\", \"spendline.tenant_id\"]}"));
    }

    @Test
    void aStoredMappingThatBreaksTheRulesIsRefused() {
        assertThatThrownBy(() -> OtlpMapping.fromJson("{\"tenantId\": []}"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OtlpMapping.fromJson("not json")).isInstanceOf(IllegalArgumentException.class);
    }
}
