package dev.spendline.contracts.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The character rules of {@code TextRules} on every string field of an event, from the raw JSON a sender writes. */
class ProductEventTextTest {

    private static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00Z");
    private static final String SURROGATE = "must be valid Unicode: it holds an unpaired surrogate (such as \\ud800)";

    /** A valid event with {@code "field":<rawJsonString>} (the string as written on the wire, escapes and all). */
    static String eventWith(String field, String rawJsonString) {
        return """
                {"provider":"openai","model":"gpt-4o","promptTokens":10,"outputTokens":2,"costUsd":0.001,\
                "source":"sdk","externalId":"id-1","%s":%s}"""
                .formatted(field, rawJsonString)
                .replace("\"" + field + "\":\"" + (field.equals("source") ? "sdk" : "id-1") + "\",", "");
    }

    static List<FieldError> errorsOf(String json) {
        List<FieldError> errors = new ArrayList<>();
        ProductEventReader.read(Json.MAPPER.readTree(json), "/events/0", RECEIVED_AT, errors);
        return errors;
    }

    @Test
    void theReproductionTwoLoneSurrogatesAreRefusedTheQuestionMarkIsNot() {
        // Jackson decodes the escapes into lone surrogates, which UTF-8 writes as '?': all three were one call.
        assertThat(errorsOf(eventWith("externalId", "\"id-\\ud800\"")))
                .containsExactly(new FieldError("/events/0/externalId", SURROGATE));
        assertThat(errorsOf(eventWith("externalId", "\"id-\\udc00\"")))
                .containsExactly(new FieldError("/events/0/externalId", SURROGATE));
        assertThat(errorsOf(eventWith("externalId", "\"id-?\""))).isEmpty();
        assertThat(errorsOf(eventWith("externalId", "\"id-\\ud83d\\ude80\"")))
                .as("a pair is fine")
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "provider",
                "model",
                "source",
                "externalId",
                "feature",
                "tenantId",
                "userId",
                "agentId",
                "workflowId",
                "runId",
                "stepId",
                "toolName",
                "outcome"
            })
    void everyStringFieldRefusesLoneSurrogatesAndBidiControls(String field) {
        assertThat(errorsOf(eventWith(field, "\"x\\udc00\"")))
                .containsExactly(new FieldError("/events/0/" + field, SURROGATE));
        assertThat(errorsOf(eventWith(field, "\"x\\u202ey\"")))
                .containsExactly(new FieldError(
                        "/events/0/" + field,
                        "must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069)"));
        assertThat(errorsOf(eventWith(field, "\"x\\u001b[2J\"")))
                .containsExactly(new FieldError("/events/0/" + field, "must not contain control characters"));
    }

    @Test
    void metadataKeysAreIdentitiesAndValuesFreeText() {
        assertThat(errorsOf(eventWith("metadata", "{\"note\":\"line one\\nline two\\tend\"}")))
                .isEmpty();
        assertThat(errorsOf(eventWith("metadata", "{\"note\":\"bad\\ud800\"}")))
                .containsExactly(new FieldError("/events/0/metadata/note", SURROGATE));
        assertThat(errorsOf(eventWith("metadata", "{\"note\":[\"ok\",\"esc\\u001b\"]}")))
                .containsExactly(new FieldError("/events/0/metadata/note/1", "must not contain control characters"));
        assertThat(errorsOf(eventWith("metadata", "{\"a\\u202eb\":1}")))
                .containsExactly(new FieldError(
                        "/events/0/metadata/a\u202eb",
                        "has a key that must not contain bidirectional control characters (U+202A-U+202E,"
                                + " U+2066-U+2069)"));
        assertThat(errorsOf(eventWith("metadata", "{\"k\\ud800\":1}")))
                .containsExactly(new FieldError("/events/0/metadata/k\ufffd", "has a key that " + SURROGATE));
    }

    @Test
    void anUnknownFieldNamedWithALoneSurrogateGetsAWritablePointer() {
        assertThat(errorsOf(eventWith("x\\ud800", "1")))
                .containsExactly(new FieldError("/events/0/x\ufffd", "is not a known field"));
    }
}
