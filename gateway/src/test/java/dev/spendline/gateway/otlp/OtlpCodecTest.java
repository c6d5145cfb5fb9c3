package dev.spendline.gateway.otlp;

import static dev.spendline.gateway.otlp.OtlpSpans.chat;
import static dev.spendline.gateway.otlp.OtlpSpans.export;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.CodedInputStream;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.controlplane.otlp.OtlpMapping;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class OtlpCodecTest {

    private static final long LIMIT = 64 * 1024;

    /** OTLP/JSON as the specification writes it: hex ids, int64 as strings and as numbers, enums as integers. */
    static final String JSON_EXPORT =
            """
            {"resourceSpans":[{"resource":{"attributes":[{"key":"spendline.tenant_id","value":{"stringValue":"acme"}}]},
             "scopeSpans":[{"scope":{"name":"@opentelemetry/instrumentation-openai"},"spans":[
              {"traceId":"5B8EFFF798038103D269B633813FC60C","spanId":"EEE19B7EC3C1B174","parentSpanId":"",
               "name":"chat gpt-4o","kind":3,"startTimeUnixNano":"1763632800000000000","endTimeUnixNano":1763632801250000000,
               "attributes":[{"key":"gen_ai.provider.name","value":{"stringValue":"openai"}},
                 {"key":"gen_ai.request.model","value":{"stringValue":"gpt-4o"}},
                 {"key":"gen_ai.usage.input_tokens","value":{"intValue":"1200"}},
                 {"key":"gen_ai.usage.output_tokens","value":{"intValue":300}}],
               "status":{"code":1},"someFutureField":true}]}]}]}
            """;

    @Test
    void readsOtlpJsonWithHexIds() {
        ExportTraceServiceRequest export =
                OtlpCodec.JSON.decode(JSON_EXPORT.getBytes(StandardCharsets.UTF_8), null, LIMIT);
        GenAiSpanMapper.Result result =
                GenAiSpanMapper.map(export, OtlpCodec.JSON.ids(), Instant.now(), OtlpMapping.DEFAULT);

        assertThat(result.reasons()).isEmpty();
        ProductEvent event = result.events().get(0);
        assertThat(event.externalId()).isEqualTo("5b8efff798038103d269b633813fc60c:eee19b7ec3c1b174");
        assertThat(event.tenantId()).isEqualTo("acme");
        assertThat(event.promptTokens()).isEqualTo(1200);
        assertThat(event.outputTokens()).isEqualTo(300);
        assertThat(event.latencyMs()).isEqualTo(1250);
        assertThat(event.ts()).isEqualTo(Instant.parse("2025-11-20T10:00:01.250Z"));
    }

    @Test
    void readsProtobufPlainAndGzipped() throws IOException {
        ExportTraceServiceRequest export = export(chat("00f067aa0ba902b7", 10, 5));

        assertThat(OtlpCodec.PROTOBUF.decode(export.toByteArray(), null, LIMIT)).isEqualTo(export);
        assertThat(OtlpCodec.PROTOBUF.decode(gzip(export.toByteArray()), "gzip", LIMIT))
                .isEqualTo(export);
        assertThat(OtlpCodec.JSON
                        .decode(gzip(JSON_EXPORT.getBytes(StandardCharsets.UTF_8)), " GZIP ", LIMIT)
                        .getResourceSpansCount())
                .isEqualTo(1);
    }

    @Test
    void refusesMalformedBodies() {
        assertThatThrownBy(() -> OtlpCodec.PROTOBUF.decode(new byte[] {(byte) 0xff, 1, 2}, null, LIMIT))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("malformed_otlp");
                });
        assertThatThrownBy(() ->
                        OtlpCodec.JSON.decode("{\"resourceSpans\":[".getBytes(StandardCharsets.UTF_8), null, LIMIT))
                .isInstanceOfSatisfying(
                        ProblemException.class, e -> assertThat(e.status()).isEqualTo(400));
        assertThatThrownBy(() ->
                        OtlpCodec.JSON.decode("{\"resourceSpans\":7}".getBytes(StandardCharsets.UTF_8), null, LIMIT))
                .isInstanceOfSatisfying(
                        ProblemException.class, e -> assertThat(e.status()).isEqualTo(400));
        assertThatThrownBy(() -> OtlpCodec.PROTOBUF.decode("not gzip".getBytes(StandardCharsets.UTF_8), "gzip", LIMIT))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("malformed_gzip");
                });
    }

    @Test
    void refusesDeeplyNestedJsonAsMalformed() {
        int depth = 50_000;
        String nested = "{\"arrayValue\":{\"values\":[".repeat(depth) + "]}}".repeat(depth);
        String body =
                "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"k\",\"value\":" + nested + "}]}}]}";

        assertThatThrownBy(() -> OtlpCodec.JSON.decode(body.getBytes(StandardCharsets.UTF_8), null, 64L << 20))
                .isInstanceOfSatisfying(
                        ProblemException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @Test
    void refusesOtherContentEncodingsWith415() {
        assertThatThrownBy(() -> OtlpCodec.PROTOBUF.decode(new byte[0], "br", LIMIT))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.status()).isEqualTo(415);
                    assertThat(e.code()).isEqualTo("unsupported_content_encoding");
                });
    }

    @Test
    void refusesAGzipBodyThatInflatesBeyondTheLimit() throws IOException {
        byte[] bomb = gzip(new byte[(int) LIMIT * 16]);
        assertThat(bomb.length).isLessThan((int) LIMIT);

        assertThatThrownBy(() -> OtlpCodec.PROTOBUF.decode(bomb, "gzip", LIMIT))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.status()).isEqualTo(413);
                    assertThat(e.code()).isEqualTo("body_too_large");
                });
    }

    @Test
    void knowsOnlyTheTwoOtlpContentTypes() {
        assertThat(OtlpCodec.of("application/x-protobuf")).isEqualTo(OtlpCodec.PROTOBUF);
        assertThat(OtlpCodec.of("Application/JSON; charset=utf-8")).isEqualTo(OtlpCodec.JSON);
        assertThat(OtlpCodec.of("text/plain")).isNull();
        assertThat(OtlpCodec.of("application/protobuf")).isNull();
        assertThat(OtlpCodec.of(null)).isNull();
    }

    @Test
    void answersInTheRequestsEncoding() throws IOException {
        assertThat(OtlpCodec.PROTOBUF.response(0, "")).isEmpty();
        assertThat(new String(OtlpCodec.JSON.response(0, ""), StandardCharsets.UTF_8))
                .isEqualTo("{}");

        ExportTraceServiceResponse partial =
                ExportTraceServiceResponse.parseFrom(OtlpCodec.PROTOBUF.response(2, "why"));
        assertThat(partial.getPartialSuccess().getRejectedSpans()).isEqualTo(2);
        assertThat(partial.getPartialSuccess().getErrorMessage()).isEqualTo("why");
        assertThat(new String(OtlpCodec.JSON.response(2, "why"), StandardCharsets.UTF_8))
                .isEqualTo("{\"partialSuccess\":{\"rejectedSpans\":\"2\",\"errorMessage\":\"why\"}}");
    }

    @Test
    void writesRefusalsAsGoogleRpcStatus() throws IOException {
        ProblemException problem = new ProblemException(429, "quota_exceeded", "Monthly event quota used up", "Wait.");

        assertThat(new String(OtlpCodec.JSON.status(problem), StandardCharsets.UTF_8))
                .isEqualTo("{\"code\":8,\"message\":\"quota_exceeded: Monthly event quota used up. Wait.\"}");
        CodedInputStream in = CodedInputStream.newInstance(OtlpCodec.PROTOBUF.status(problem));
        assertThat(in.readTag()).isEqualTo(1 << 3); // field 1, varint
        assertThat(in.readInt32()).isEqualTo(8);
        assertThat(in.readTag()).isEqualTo(2 << 3 | 2); // field 2, length-delimited
        assertThat(in.readString()).isEqualTo("quota_exceeded: Monthly event quota used up. Wait.");
        assertThat(in.isAtEnd()).isTrue();
    }

    static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        }
        return out.toByteArray();
    }
}
