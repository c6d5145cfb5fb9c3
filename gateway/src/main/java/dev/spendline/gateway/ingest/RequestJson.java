package dev.spendline.gateway.ingest;

import dev.spendline.contracts.problem.ProblemException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parses request bodies strictly: duplicate keys, trailing content and excessive nesting are
 * errors, and decimals are kept exact. A parse failure reports where in the body it happened.
 */
final class RequestJson {

    private final JsonMapper mapper;

    RequestJson(int maxDepth) {
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxDepth)
                        .maxNumberLength(100)
                        .build())
                .build();
        this.mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /** The parsed body, or 400 {@code malformed_json} saying what and where. */
    JsonNode parse(byte[] body) {
        if (body.length == 0) {
            throw malformed("The request body is empty; send a JSON object");
        }
        try {
            return mapper.readTree(body);
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw malformed("The body is not valid JSON" + where + ": " + e.getOriginalMessage());
        }
    }

    /** The JSON value in {@code length} bytes of {@code body} from {@code offset}, parsed as {@link #parse} does; null when it does not parse. */
    JsonNode parseOrNull(byte[] body, int offset, int length) {
        try {
            return mapper.readTree(body, offset, length);
        } catch (JacksonException e) {
            return null;
        }
    }

    private static ProblemException malformed(String detail) {
        return new ProblemException(400, "malformed_json", "Malformed JSON", detail);
    }
}
