package dev.spendline.gateway.otlp;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.ProblemException;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import tools.jackson.databind.node.ObjectNode;

/**
 * OTLP/HTTP's two encodings (https://opentelemetry.io/docs/specs/otlp/#otlphttp): reading an
 * {@code ExportTraceServiceRequest}, optionally gzip-compressed, and writing the
 * {@code ExportTraceServiceResponse} or, for a failure, the {@code google.rpc.Status} the
 * specification asks for, in the encoding of the request.
 */
public enum OtlpCodec {
    PROTOBUF("application/x-protobuf"),
    JSON("application/json");

    private static final JsonFormat.Parser JSON_PARSER = JsonFormat.parser().ignoringUnknownFields();
    private static final JsonFormat.Printer JSON_PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    /** The content type of this encoding, also of its answers. */
    public final String contentType;

    OtlpCodec(String contentType) {
        this.contentType = contentType;
    }

    /**
     * The encoding of a request's {@code Content-Type} (type and subtype, any parameters such as a
     * charset ignored); null for anything else, which is answered 415.
     */
    public static OtlpCodec of(String mediaType) {
        if (mediaType == null) {
            return null;
        }
        String type = mediaType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        for (OtlpCodec codec : values()) {
            if (codec.contentType.equals(type)) {
                return codec;
            }
        }
        return null;
    }

    /**
     * The export in {@code body}, decompressed first when {@code contentEncoding} is gzip.
     *
     * @param maxBytes the most a decompressed body may hold (the same limit as the body's)
     * @throws ProblemException 415 for another content encoding, 413 for a body that decompresses
     *     beyond the limit, 400 for a body that is not a valid export in this encoding
     */
    public ExportTraceServiceRequest decode(byte[] body, String contentEncoding, long maxBytes) {
        byte[] bytes = decompressed(body, contentEncoding, maxBytes);
        try {
            if (this == PROTOBUF) {
                return ExportTraceServiceRequest.parseFrom(bytes);
            }
            ExportTraceServiceRequest.Builder builder = ExportTraceServiceRequest.newBuilder();
            JSON_PARSER.merge(new String(bytes, StandardCharsets.UTF_8), builder);
            return builder.build();
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            // JsonFormat reports some malformed input as runtime exceptions of Gson.
            throw new ProblemException(
                    400,
                    "malformed_otlp",
                    "Malformed OTLP export",
                    "The body is not an OTLP ExportTraceServiceRequest in " + contentType + ": "
                            + firstLine(e.getMessage()));
        }
    }

    /** How the ids of an export read by {@link #decode} must be read. */
    public GenAiSpanMapper.Ids ids() {
        return this == PROTOBUF ? GenAiSpanMapper.Ids.BYTES : GenAiSpanMapper.Ids.HEX_READ_AS_BASE64;
    }

    /** The success answer: {@code partial_success} set only when spans were rejected. */
    public byte[] response(long rejectedSpans, String errorMessage) {
        ExportTraceServiceResponse.Builder response = ExportTraceServiceResponse.newBuilder();
        if (rejectedSpans > 0) {
            response.setPartialSuccess(ExportTracePartialSuccess.newBuilder()
                    .setRejectedSpans(rejectedSpans)
                    .setErrorMessage(errorMessage));
        }
        if (this == PROTOBUF) {
            return response.build().toByteArray();
        }
        try {
            return JSON_PRINTER.print(response).getBytes(StandardCharsets.UTF_8);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("An ExportTraceServiceResponse always prints", e);
        }
    }

    /**
     * A failure's body: {@code google.rpc.Status} with the gRPC code of the HTTP status and the
     * problem's code, title and detail as the message. The message type is not among the OTLP
     * classes; its two fields are written with protobuf's own writer.
     */
    public byte[] status(ProblemException problem) {
        int code = grpcCode(problem.status());
        String message = problem.code() + ": " + problem.title() + ". " + problem.detail();
        if (this == JSON) {
            ObjectNode status = Json.MAPPER.createObjectNode();
            status.put("code", code);
            status.put("message", message);
            return Json.MAPPER.writeValueAsBytes(status);
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CodedOutputStream coded = CodedOutputStream.newInstance(out);
            coded.writeInt32(1, code); // google.rpc.Status.code
            coded.writeString(2, message); // google.rpc.Status.message
            coded.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The gRPC status code that corresponds to an HTTP status (google.rpc.Code). */
    static int grpcCode(int httpStatus) {
        return switch (httpStatus) {
            case 400, 413, 415 -> 3; // INVALID_ARGUMENT
            case 401 -> 16; // UNAUTHENTICATED
            case 403 -> 7; // PERMISSION_DENIED
            case 404 -> 5; // NOT_FOUND
            case 405 -> 12; // UNIMPLEMENTED
            case 429 -> 8; // RESOURCE_EXHAUSTED
            case 503 -> 14; // UNAVAILABLE
            default -> 13; // INTERNAL
        };
    }

    private static byte[] decompressed(byte[] body, String contentEncoding, long maxBytes) {
        String encoding = contentEncoding == null ? "" : contentEncoding.trim().toLowerCase(Locale.ROOT);
        if (encoding.isEmpty() || encoding.equals("identity")) {
            return body;
        }
        if (!encoding.equals("gzip")) {
            throw new ProblemException(
                    415,
                    "unsupported_content_encoding",
                    "Unsupported content encoding",
                    "Content-Encoding '" + contentEncoding
                            + "' is not supported; send the body as is or gzip-compressed"
                            + " (Content-Encoding: gzip)");
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            // Bounded while inflating: a small gzip body can expand enormously.
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length * 4));
            byte[] buffer = new byte[16 * 1024];
            int read;
            while ((read = in.read(buffer)) != -1) {
                if (out.size() + (long) read > maxBytes) {
                    throw new ProblemException(
                            413,
                            "body_too_large",
                            "Request body too large",
                            "The body decompresses to more than " + maxBytes + " bytes. Send fewer spans per request.");
                }
                out.write(buffer, 0, read);
            }
            return out.toByteArray();
        } catch (ZipException | java.io.EOFException e) {
            throw new ProblemException(
                    400,
                    "malformed_gzip",
                    "Malformed gzip body",
                    "The body is marked Content-Encoding: gzip but does not decompress: " + firstLine(e.getMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        String line = message.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
