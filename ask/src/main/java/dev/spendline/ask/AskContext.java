package dev.spendline.ask;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.tools.ReadTool;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a follow-up question changes: the previous answer's tool call and what "that one" names in
 * it, carried by the client as an opaque token ({@code context} in docs/ask.md). Ask keeps no
 * conversation state on the server, so any instance can read a follow-up.
 *
 * <p>The token is {@code v1.<base64url JSON>.<base64url check>}: a version, the call (tool and
 * arguments, exactly as the answer's {@code tool} shows them) and the referent, and the first 9
 * bytes of the JSON's SHA-256. The check is not a secret: the token only holds a call the caller
 * could send to the tool directly, and the follow-up call is validated by the tool's own reader
 * before it runs. It is there so that a token cut short or edited by hand gets a clear 400
 * instead of a surprising answer.
 *
 * @param that what "that one" / "exclude it" refers to: the value the previous question named (its
 *     last filter), else the first row of its answer; null when neither exists
 */
record AskContext(ReadTool tool, Map<String, Object> arguments, Referent that) {

    /** The longest token accepted; Ask's own are a few hundred characters. */
    static final int MAX_LENGTH = 2048;

    private static final String VERSION = "v1";
    private static final int CHECK_BYTES = 9;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final String CHANGED =
            "is not a context Ask wrote, or it was changed; send back the context of an answer unchanged";

    /** One value of one dimension: {@code dimension} is the argument name ({@code tenant}, {@code model}). */
    record Referent(String dimension, String value) {}

    AskContext {
        arguments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
    }

    /** The context of an answered call: the call, and the referent taken from the call or its answer. */
    static AskContext of(ToolCall call, Record data) {
        return new AskContext(call.tool(), call.arguments(), Referents.of(call, data));
    }

    ToolCall call() {
        return new ToolCall(tool, arguments);
    }

    /** The opaque token. */
    String encode() {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("tool", tool.toolName());
        node.set("arguments", Json.MAPPER.valueToTree(arguments));
        if (that != null) {
            node.putArray("that").add(that.dimension()).add(that.value());
        }
        byte[] json = Json.MAPPER.writeValueAsString(node).getBytes(StandardCharsets.UTF_8);
        return VERSION + "." + ENCODER.encodeToString(json) + "." + ENCODER.encodeToString(check(json));
    }

    /**
     * Reads a token; every problem is a 400 {@code invalid_question} on {@code /context}.
     *
     * @throws InvalidContextException when the token is too long, of another version, cut, edited
     *     or not Ask's
     */
    static AskContext decode(String token) {
        if (token.length() > MAX_LENGTH) {
            throw invalid("must be at most " + MAX_LENGTH + " characters");
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            throw invalid(CHANGED);
        }
        if (!parts[0].equals(VERSION)) {
            throw invalid("is of version '" + parts[0] + "', which this server does not read; ask the first"
                    + " question again");
        }
        byte[] json;
        byte[] check;
        try {
            json = DECODER.decode(parts[1]);
            check = DECODER.decode(parts[2]);
        } catch (IllegalArgumentException e) {
            throw invalid(CHANGED);
        }
        if (!MessageDigest.isEqual(check, check(json))) {
            throw invalid(CHANGED);
        }
        try {
            JsonNode node = Json.MAPPER.readTree(new String(json, StandardCharsets.UTF_8));
            ReadTool tool = ReadTool.named(node.path("tool").asString(""));
            JsonNode arguments = node.get("arguments");
            if (tool == null || arguments == null || !arguments.isObject()) {
                throw invalid(CHANGED);
            }
            Map<String, Object> map = new LinkedHashMap<>();
            for (String name : arguments.propertyNames()) {
                map.put(name, Json.MAPPER.treeToValue(arguments.get(name), Object.class));
            }
            JsonNode that = node.get("that");
            Referent referent = that != null && that.isArray() && that.size() == 2
                    ? new Referent(that.get(0).asString(), that.get(1).asString())
                    : null;
            AskContext context = new AskContext(tool, map, referent);
            if (!context.call().problems().isEmpty()) {
                throw invalid(CHANGED);
            }
            return context;
        } catch (JacksonException e) {
            throw invalid(CHANGED);
        }
    }

    private static InvalidContextException invalid(String message) {
        return new InvalidContextException(message);
    }

    private static byte[] check(byte[] json) {
        try {
            return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(json), CHECK_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
