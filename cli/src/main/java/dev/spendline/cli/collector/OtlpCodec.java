package dev.spendline.cli.collector;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.spendline.cli.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.node.ObjectNode;

/**
 * OTLP/HTTP bodies in both encodings, with the official generated classes. OTLP/JSON differs from
 * protobuf's canonical JSON mapping in one way that matters to a parser: {@code traceId},
 * {@code spanId} and {@code parentSpanId} are hex, not base64 (OTLP specification, "JSON Protobuf
 * Encoding"). {@link JsonFormat} would read a hex id as base64 and silently produce other bytes, so
 * the ids are rewritten to base64 before it parses. Everything else (lower camel case keys, enums as
 * integers, 64-bit integers as strings) {@link JsonFormat} already accepts.
 */
final class OtlpCodec {

    /** How a body is encoded, from its {@code Content-Type}. */
    enum Encoding {
        JSON("application/json"),
        PROTOBUF("application/x-protobuf");

        final String contentType;

        Encoding(String contentType) {
            this.contentType = contentType;
        }

        /** The encoding of a {@code Content-Type} header (parameters ignored), or null when neither. */
        static Encoding of(String contentType) {
            if (contentType == null) {
                return null;
            }
            String type = contentType.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
            for (Encoding encoding : values()) {
                if (encoding.contentType.equals(type)) {
                    return encoding;
                }
            }
            return null;
        }
    }

    private static final Set<String> HEX_IDS = Set.of("traceId", "spanId", "parentSpanId", "trace_id", "span_id");
    private static final JsonFormat.Parser PARSER = JsonFormat.parser().ignoringUnknownFields();

    private OtlpCodec() {}

    /** Parses {@code body} into {@code builder}; an {@link IllegalArgumentException} says what is wrong. */
    static <B extends Message.Builder> B parse(Encoding encoding, byte[] body, B builder) {
        try {
            if (encoding == Encoding.PROTOBUF) {
                builder.mergeFrom(body);
            } else {
                JsonNode tree = Json.mapper().readTree(body);
                if (tree == null || !tree.isObject()) {
                    throw new IllegalArgumentException("the body is not a JSON object");
                }
                hexIdsToBase64(tree);
                PARSER.merge(Json.mapper().writeValueAsString(tree), builder);
            }
            return builder;
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException(
                    (encoding == Encoding.PROTOBUF ? "invalid protobuf: " : "invalid OTLP/JSON: ") + e.getMessage(), e);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("invalid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable body: " + e.getMessage(), e);
        }
    }

    /** The message in the request's encoding (an empty {@code Export*ServiceResponse} is success). */
    static byte[] write(Encoding encoding, Message message) {
        if (encoding == Encoding.PROTOBUF) {
            return message.toByteArray();
        }
        try {
            return JsonFormat.printer()
                    .omittingInsignificantWhitespace()
                    .print(message)
                    .getBytes(StandardCharsets.UTF_8);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A {@code google.rpc.Status} with {@code code} and {@code message}, the body OTLP/HTTP asks for
     * on failures. Encoded by hand: the two fields do not justify another dependency for the class.
     */
    static byte[] status(Encoding encoding, int code, String message) {
        if (encoding == Encoding.PROTOBUF) {
            try {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                CodedOutputStream out = CodedOutputStream.newInstance(bytes);
                out.writeInt32(1, code);
                out.writeBytes(2, ByteString.copyFromUtf8(message));
                out.flush();
                return bytes.toByteArray();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        ObjectNode status = Json.object();
        status.put("code", code);
        status.put("message", message);
        return Json.mapper()
                .writer()
                .without(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsBytes(status);
    }

    private static void hexIdsToBase64(JsonNode node) {
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                JsonNode value = field.getValue();
                if (HEX_IDS.contains(field.getKey()) && value.isString()) {
                    object.put(field.getKey(), hexToBase64(field.getKey(), value.asString()));
                } else {
                    hexIdsToBase64(value);
                }
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                hexIdsToBase64(element);
            }
        }
    }

    private static String hexToBase64(String field, String hex) {
        try {
            return Base64.getEncoder().encodeToString(HexFormat.of().parseHex(hex));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid OTLP/JSON: " + field + " is not hex: '" + hex + "'", e);
        }
    }
}
