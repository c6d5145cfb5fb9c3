package dev.spendline.gateway.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.controlplane.otlp.OtlpMapping;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Python side of the span mapping (issue #32): what the official Python instrumentation
 * {@code opentelemetry-instrumentation-openai-v2} and the Python SDK's OTLP exporter send for one chat
 * completion and one failed call, kept as a fixture ({@code otlp/python-openai-v2-chat.json}, in
 * OTLP/JSON: the protobuf's JSON mapping of the export), mapped through {@link OtlpCodec} in both
 * encodings and {@link GenAiSpanMapper}. The Python package index is not reachable here, so the
 * payload is written from the instrumentation's source rather than captured from a run.
 *
 * <p>The attribute set follows open-telemetry/opentelemetry-python-contrib at 466ae4c (package
 * version 2.5b0.dev), {@code instrumentation-genai/opentelemetry-instrumentation-openai-v2/src/
 * opentelemetry/instrumentation/openai_v2/}, on its default ("legacy", non-experimental) path:
 * <ul>
 *   <li>{@code patch.py chat_completions_create_v_old}: span name {@code f"{operation_name} {model}"},
 *       kind CLIENT, tracer {@code __name__} = {@code opentelemetry.instrumentation.openai_v2} with
 *       schema {@code Schemas.V1_30_0};
 *   <li>{@code utils.py get_llm_request_attributes}: {@code gen_ai.operation.name},
 *       {@code gen_ai.request.model}, {@code gen_ai.system = openai} ({@code gen_ai.provider.name}
 *       only with the latest experimental conventions), {@code server.address}, {@code server.port}
 *       except 443 (so a call to api.openai.com has no port), unset request options left out;
 *   <li>{@code patch.py _set_response_attributes}: {@code gen_ai.response.model},
 *       {@code gen_ai.response.finish_reasons} (an array), {@code gen_ai.response.id},
 *       {@code gen_ai.openai.response.service_tier}, {@code gen_ai.usage.input_tokens} =
 *       {@code usage.prompt_tokens}, {@code gen_ai.usage.output_tokens} = {@code
 *       usage.completion_tokens} (no cache tokens);
 *   <li>{@code utils.py handle_span_exception}: status ERROR with the exception's message and
 *       {@code error.type} = the exception's class name, no response attributes.
 * </ul>
 * The resource is the Python SDK's default ({@code telemetry.sdk.*}, {@code service.name}) with
 * {@code OTEL_RESOURCE_ATTRIBUTES} for attribution and the zero-code launcher's {@code
 * telemetry.auto.version}; span {@code flags} 257 is what the Python exporter writes for a sampled
 * local root span.
 */
class PythonOpenAiV2FixtureTest {

    static final String FIXTURE = "/otlp/python-openai-v2-chat.json";
    /** Two seconds after the failed call ended: inside the ingest time window. */
    private static final Instant RECEIVED = Instant.parse("2026-11-26T09:30:03.500Z");

    static byte[] fixture() throws IOException {
        try (InputStream in = PythonOpenAiV2FixtureTest.class.getResourceAsStream(FIXTURE)) {
            assertThat(in).as(FIXTURE).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void theJsonExportMapsToOneSuccessfulAndOneFailedCall() throws IOException {
        ExportTraceServiceRequest export = OtlpCodec.JSON.decode(fixture(), null, 1 << 20);
        assertMapped(GenAiSpanMapper.map(export, OtlpCodec.JSON.ids(), RECEIVED, OtlpMapping.DEFAULT));
    }

    @Test
    void theSameExportInProtobufMapsTheSame() throws IOException {
        // The Python exporter's http/protobuf encoding of the same request: the ids as raw bytes.
        byte[] protobuf =
                withRawIds(OtlpCodec.JSON.decode(fixture(), null, 1 << 20)).toByteArray();
        ExportTraceServiceRequest export = OtlpCodec.PROTOBUF.decode(protobuf, null, 1 << 20);
        assertMapped(GenAiSpanMapper.map(export, OtlpCodec.PROTOBUF.ids(), RECEIVED, OtlpMapping.DEFAULT));
    }

    /** The export read from OTLP/JSON with its ids as the bytes the hex names, as protobuf carries them. */
    private static ExportTraceServiceRequest withRawIds(ExportTraceServiceRequest fromJson) {
        ExportTraceServiceRequest.Builder export = fromJson.toBuilder();
        for (ResourceSpans.Builder resource : export.getResourceSpansBuilderList()) {
            for (ScopeSpans.Builder scope : resource.getScopeSpansBuilderList()) {
                for (Span.Builder span : scope.getSpansBuilderList()) {
                    span.setTraceId(raw(span.getTraceId(), 16)).setSpanId(raw(span.getSpanId(), 8));
                }
            }
        }
        return export.build();
    }

    private static ByteString raw(ByteString hexReadAsBase64, int length) {
        String hex = GenAiSpanMapper.id(hexReadAsBase64, length, GenAiSpanMapper.Ids.HEX_READ_AS_BASE64);
        return ByteString.copyFrom(HexFormat.of().parseHex(hex));
    }

    private static void assertMapped(GenAiSpanMapper.Result result) {
        assertThat(result.reasons()).isEmpty();
        assertThat(result.rejected()).isZero();
        assertThat(result.ignored()).isZero();
        List<ProductEvent> events = result.events();
        assertThat(events).hasSize(2);

        ProductEvent chat = events.get(0);
        assertThat(chat.provider()).isEqualTo("openai"); // gen_ai.system
        assertThat(chat.model()).isEqualTo("gpt-4o-mini-2024-07-18"); // the response's model
        assertThat(chat.promptTokens()).isEqualTo(1234);
        assertThat(chat.outputTokens()).isEqualTo(56);
        assertThat(chat.cacheReadTokens()).isNull();
        assertThat(chat.cacheWriteTokens()).isNull();
        assertThat(chat.costUsd()).isZero(); // no spendline.cost_usd: unknown
        assertThat(chat.status()).isEqualTo("success");
        assertThat(chat.source()).isEqualTo("otlp");
        assertThat(chat.externalId()).isEqualTo("0af7651916cd43dd8448eb211c80319c:b7ad6b7169203331");
        assertThat(chat.ts()).isEqualTo(Instant.parse("2026-11-26T09:30:00.812345678Z"));
        assertThat(chat.latencyMs()).isEqualTo(812);
        assertThat(chat.tenantId()).isEqualTo("acme"); // resource attributes
        assertThat(chat.feature()).isEqualTo("ticket-triage");
        assertThat(chat.userId()).isNull();
        assertThat(chat.runId()).isNull();

        ProductEvent failed = events.get(1);
        assertThat(failed.provider()).isEqualTo("openai");
        assertThat(failed.model()).isEqualTo("gpt-4o-mini"); // no response: the request's model
        assertThat(failed.status()).isEqualTo("error");
        assertThat(failed.promptTokens()).isZero();
        assertThat(failed.outputTokens()).isZero();
        assertThat(failed.externalId()).isEqualTo("0af7651916cd43dd8448eb211c80319c:c8be7c827a314442");
        assertThat(failed.latencyMs()).isEqualTo(3);
        assertThat(failed.tenantId()).isEqualTo("acme");
    }
}
