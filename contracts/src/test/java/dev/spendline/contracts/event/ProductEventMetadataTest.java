package dev.spendline.contracts.event;

import static dev.spendline.contracts.event.ProductEventReaderTest.accepted;
import static dev.spendline.contracts.event.ProductEventReaderTest.error;
import static dev.spendline.contracts.event.ProductEventReaderTest.errorsOf;
import static dev.spendline.contracts.event.ProductEventReaderTest.json;
import static dev.spendline.contracts.event.ProductEventReaderTest.metadataEvent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The metadata rules of a product event: shape, size, and no credentials. */
class ProductEventMetadataTest {

    // ---- metadata ------------------------------------------------------------------------

    static final String KEY_MESSAGE =
            "looks like a credential; metadata must not hold secrets or authorization headers";
    static final String VALUE_MESSAGE = "looks like a credential; metadata must not hold secrets or provider keys";

    @ParameterizedTest
    @ValueSource(strings = {"[1,2]", "[]", "\"region=eu\"", "42", "true"})
    void rejectsMetadataThatIsNotAnObject(String literal) {
        assertThat(errorsOf(metadataEvent(literal))).containsExactly(error("/metadata", "must be a JSON object"));
    }

    @Test
    void acceptsAndPreservesSafeMetadata() {
        String metadata =
                """
                {"region":"eu-west-1","experiment":{"arm":"b","weights":[0.2,0.8]},
                 "tokens_estimate":1200,"cached":true,"note":null,"task":"task-123",
                 "plan":"basic plan","trace":"3f2b9c1e-8d4a-4b6f-9e2a-7c1d5e8f0a3b"}""";
        ProductEvent event = accepted(metadataEvent(metadata));
        assertThat(event.metadata()).isEqualTo(Json.MAPPER.readTree(metadata));
        assertThat(event.metadata().get("experiment").get("weights").get(0).decimalValue())
                .isEqualTo(new BigDecimal("0.2"));
    }

    @Test
    void acceptsEmptyMetadata() {
        assertThat(accepted(metadataEvent("{}")).metadata()).isEqualTo(Json.MAPPER.createObjectNode());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Authorization",
                "authorization",
                "Proxy-Authorization",
                "api_key",
                "apiKey",
                "X-API-Key",
                "x_api_key",
                "password",
                "PASSWD",
                "secret",
                "client_secret",
                "access_token",
                "refresh-token",
                "token",
                "Cookie",
                "Set-Cookie",
                "private_key",
                "OPENAI_API_KEY",
                "anthropic-api-key",
                "AWS_SECRET_ACCESS_KEY",
                "session_token"
            })
    void rejectsCredentialLookingKey(String key) {
        assertThat(errorsOf(metadataEvent("{" + json(key) + ":\"whatever\"}")))
                .containsExactly(error("/metadata/" + key, KEY_MESSAGE));
    }

    @Test
    void rejectsCredentialKeyNestedDeepInside() {
        assertThat(errorsOf(metadataEvent("{\"request\":{\"http\":{\"headers\":{\"Authorization\":\"x\"}}}}")))
                .containsExactly(error("/metadata/request/http/headers/Authorization", KEY_MESSAGE));
    }

    @Test
    void rejectsCredentialKeyWhateverItsValueType() {
        assertThat(errorsOf(metadataEvent("{\"password\":{\"plain\":\"x\"},\"token\":12345,\"secret\":null}")))
                .containsExactly(
                        error("/metadata/password", KEY_MESSAGE),
                        error("/metadata/token", KEY_MESSAGE),
                        error("/metadata/secret", KEY_MESSAGE));
    }

    static Stream<String> secretValues() {
        return Stream.of(
                "Bearer abc.def.ghi123",
                "bearer abcdefghijkl",
                "Basic dXNlcjpwYXNzd29yZA==",
                "sk-" + "A1b2C3d4E5f6G7h8I9j0",
                "sk-proj-" + "abcdefghijklmnopqrstuvwx",
                "sk-ant-api03-" + "abcdefghijklmnopqrstuvwxyz012345",
                "AKIA" + "IOSFODNN7EXAMPLE",
                "AIza" + "SyA1234567890abcdefghijklmnopqrstuv",
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.x",
                "xoxb-" + "123456789012-abcdefghij",
                "ghp_" + "a".repeat(18) + "B".repeat(18),
                "spl_" + "k".repeat(40),
                "-----BEGIN RSA PRIVATE KEY-----",
                "-----BEGIN PRIVATE KEY-----\nMIIEv...",
                "my key is sk-" + "A1b2C3d4E5f6G7h8I9j0" + " ok");
    }

    @ParameterizedTest
    @MethodSource("secretValues")
    void rejectsCredentialLookingValue(String secret) {
        List<FieldError> errors = errorsOf(metadataEvent("{\"note\":" + json(secret) + "}"));
        assertThat(errors).containsExactly(error("/metadata/note", VALUE_MESSAGE));
        assertThat(errors.get(0).message()).doesNotContain(secret);
    }

    @Test
    void pointsAtTheExactNestedValue() {
        String metadata =
                """
                {"headers":{"x-trace":"abc","auth":"Bearer abc.def.ghi123"},
                 "list":["fine","sk-A1b2C3d4E5f6G7h8I9j0"],
                 "deep":{"a":[{"k":"AKIAIOSFODNN7EXAMPLE"}]}}""";
        assertThat(errorsOf(metadataEvent(metadata)))
                .containsExactly(
                        error("/metadata/headers/auth", VALUE_MESSAGE),
                        error("/metadata/list/1", VALUE_MESSAGE),
                        error("/metadata/deep/a/0/k", VALUE_MESSAGE));
    }

    @Test
    void escapesSlashAndTildeInMetadataPointers() {
        String metadata =
                """
                {"a/b":{"token":"x"},"m~n":"Bearer abcdefghijk","~/":["ok","xoxb-1234567890abc"]}""";
        assertThat(errorsOf(metadataEvent(metadata)))
                .containsExactly(
                        error("/metadata/a~1b/token", KEY_MESSAGE),
                        error("/metadata/m~0n", VALUE_MESSAGE),
                        error("/metadata/~0~1/1", VALUE_MESSAGE));
    }

    @Test
    void acceptsFourLevelsOfNesting() {
        // metadata itself is level 1; a, b, c are levels 2-4.
        assertThat(accepted(metadataEvent("{\"a\":{\"b\":{\"c\":{\"d\":1}}}}"))
                        .metadata()
                        .at("/a/b/c/d")
                        .intValue())
                .isEqualTo(1);
    }

    @Test
    void rejectsMetadataNestedDeeperThanFourLevels() {
        assertThat(errorsOf(metadataEvent("{\"a\":{\"b\":{\"c\":{\"d\":{}}}}}")))
                .containsExactly(error("/metadata/a/b/c/d", "nests deeper than 4 levels"));
    }

    @Test
    void countsArraysAsNestingLevels() {
        assertThat(errorsOf(metadataEvent("{\"a\":{\"b\":{\"c\":[[1]]}}}")))
                .containsExactly(error("/metadata/a/b/c/0", "nests deeper than 4 levels"));
    }

    static String entries(int n) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
        }
        return sb.append('}').toString();
    }

    @Test
    void acceptsSixtyFourEntries() {
        assertThat(accepted(metadataEvent(entries(64))).metadata().size()).isEqualTo(64);
    }

    @Test
    void rejectsMoreThanSixtyFourEntries() {
        assertThat(errorsOf(metadataEvent(entries(65))))
                .containsExactly(error("/metadata", "has more than 64 entries"));
    }

    @Test
    void rejectsMoreThanSixtyFourEntriesInANestedObject() {
        assertThat(errorsOf(metadataEvent("{\"inner\":" + entries(65) + "}")))
                .containsExactly(error("/metadata/inner", "has more than 64 entries"));
    }

    @Test
    void acceptsMetadataOfExactly4096BytesSerialized() {
        // {"k":"…"} is 8 bytes plus the value
        assertThat(accepted(metadataEvent("{\"k\":\"" + "x".repeat(4088) + "\"}"))
                        .metadata()
                        .get("k")
                        .stringValue())
                .hasSize(4088);
    }

    @Test
    void rejectsMetadataOver4096BytesSerialized() {
        assertThat(errorsOf(metadataEvent("{\"k\":\"" + "x".repeat(4089) + "\"}")))
                .containsExactly(error("/metadata", "must be at most 4096 bytes when serialized"));
    }

    @Test
    void measuresMetadataSizeInUtf8Bytes() {
        // 2045 characters, but 4090 bytes: 4098 bytes serialized
        assertThat(errorsOf(metadataEvent("{\"k\":\"" + "é".repeat(2045) + "\"}")))
                .containsExactly(error("/metadata", "must be at most 4096 bytes when serialized"));
    }

    @Test
    void reportsSizeAndCredentialProblemsTogether() {
        assertThat(errorsOf(metadataEvent("{\"api_key\":\"x\",\"k\":\"" + "x".repeat(5000) + "\"}")))
                .containsExactly(
                        error("/metadata/api_key", KEY_MESSAGE),
                        error("/metadata", "must be at most 4096 bytes when serialized"));
    }
}
