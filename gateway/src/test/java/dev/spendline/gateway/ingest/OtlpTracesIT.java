package dev.spendline.gateway.ingest;

import static dev.spendline.gateway.otlp.OtlpSpans.TRACE_ID;
import static dev.spendline.gateway.otlp.OtlpSpans.attr;
import static dev.spendline.gateway.otlp.OtlpSpans.chat;
import static dev.spendline.gateway.otlp.OtlpSpans.export;
import static dev.spendline.gateway.otlp.OtlpSpans.span;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedInputStream;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.otlp.OtlpMapping;
import dev.spendline.controlplane.otlp.OtlpMappingRepository;
import dev.spendline.controlplane.otlp.OtlpMappings;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.gateway.GatewayApplication;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /v1/traces} on the gateway service over real HTTP (Netty) with a real embedded broker:
 * both OTLP encodings, gzip, the refusals (in OTLP's {@code google.rpc.Status}), and what reached
 * the events topic.
 */
@SpringBootTest(
        classes = GatewayApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spendline.auth.key-cache-ttl=0s",
            "spendline.ingest.max-body-size=64KB",
            "spendline.ingest.max-batch-items=5",
            "spendline.quota.enabled=false"
        })
class OtlpTracesIT {

    private static final EmbeddedKafka KAFKA = GatewayKafka.start();
    private static final String PROTOBUF = "application/x-protobuf";
    private static final String JSON = "application/json";

    @LocalServerPort
    int port;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    ApiKeyRepository keys;

    @Autowired
    ApiKeyAuthenticator authenticator;

    @Autowired
    OtlpMappingRepository mappings;

    @Autowired
    OtlpMappings mappingCache;

    private WebTestClient http;
    private IssuedApiKey key;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("spendline.kafka.bootstrap-servers", KAFKA::bootstrapServers);
        registry.add(
                "spring.datasource.url", () -> "jdbc:h2:mem:gateway-otlp-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stopKafka() {
        KAFKA.close();
    }

    @BeforeEach
    void newWorkspace() {
        http = WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(30))
                .build();
        key = keys.issue(
                workspaces.create("otlp " + UUID.randomUUID(), Plan.FREE).id(), "test");
    }

    private EntityExchangeResult<byte[]> post(String contentType, String contentEncoding, byte[] body, String secret) {
        WebTestClient.RequestBodySpec request = http.post().uri("/v1/traces").header("Content-Type", contentType);
        if (secret != null) {
            request.header("Authorization", "Bearer " + secret);
        }
        if (contentEncoding != null) {
            request.header("Content-Encoding", contentEncoding);
        }
        return request.bodyValue(body).exchange().expectBody().returnResult();
    }

    private EntityExchangeResult<byte[]> post(String contentType, byte[] body) {
        return post(contentType, null, body, key.secret());
    }

    @Test
    void acceptsProtobufGenAiSpansAndIgnoresTheOthers() throws IOException {
        byte[] body = export(
                        List.of(attr("service.name", "checkout"), attr("spendline.tenant_id", "acme")),
                        chat("00f067aa0ba90201", 1200, 300),
                        span("00f067aa0ba90202", attr("http.request.method", "POST")))
                .toByteArray();

        EntityExchangeResult<byte[]> answer = post(PROTOBUF, body);

        assertThat(answer.getStatus().value()).isEqualTo(200);
        assertThat(answer.getResponseHeaders().getContentType().toString()).isEqualTo(PROTOBUF);
        // Nothing rejected: an empty ExportTraceServiceResponse, zero bytes in protobuf.
        assertThat(answer.getResponseBody()).isNull();
        List<AcceptedEvent> events = eventsOf(1);
        assertThat(events).hasSize(1);
        ProductEvent event = events.get(0).event();
        assertThat(event.externalId()).isEqualTo(TRACE_ID + ":00f067aa0ba90201");
        assertThat(event.source()).isEqualTo("otlp");
        assertThat(event.tenantId()).isEqualTo("acme");
        assertThat(event.promptTokens()).isEqualTo(1200);
        assertThat(event.outputTokens()).isEqualTo(300);
    }

    @Test
    void acceptsGzippedOtlpJsonAndAnswersInJsonWithPartialSuccess() throws IOException {
        // One clock reading: two could be a millisecond apart, and the latency 801 ms.
        long now = System.currentTimeMillis();
        String json =
                """
                {"resourceSpans":[{"resource":{"attributes":[]},"scopeSpans":[{"spans":[
                 {"traceId":"%s","spanId":"00f067aa0ba90203","name":"chat","kind":3,
                  "startTimeUnixNano":"%d","endTimeUnixNano":"%d",
                  "attributes":[{"key":"gen_ai.system","value":{"stringValue":"openai"}},
                   {"key":"gen_ai.request.model","value":{"stringValue":"gpt-4o-mini"}},
                   {"key":"gen_ai.usage.prompt_tokens","value":{"intValue":"70"}},
                   {"key":"gen_ai.usage.completion_tokens","value":{"intValue":9}}]},
                 {"traceId":"%s","spanId":"00f067aa0ba90204","name":"chat","kind":3,
                  "attributes":[{"key":"gen_ai.system","value":{"stringValue":"openai"}},
                   {"key":"gen_ai.usage.prompt_tokens","value":{"intValue":"70"}}]}]}]}]}
                """
                        .formatted(TRACE_ID.toUpperCase(), now * 1_000_000L, (now + 800) * 1_000_000L, TRACE_ID);

        EntityExchangeResult<byte[]> answer =
                post(JSON, "gzip", gzip(json.getBytes(StandardCharsets.UTF_8)), key.secret());

        assertThat(answer.getStatus().value()).isEqualTo(200);
        assertThat(answer.getResponseHeaders().getContentType().toString()).isEqualTo(JSON);
        JsonNode partial = Json.MAPPER.readTree(answer.getResponseBody()).get("partialSuccess");
        assertThat(partial.get("rejectedSpans").asString()).isEqualTo("1");
        assertThat(partial.get("errorMessage").asString())
                .isEqualTo("1 GenAI span(s) rejected: span " + TRACE_ID + ":00f067aa0ba90204 'chat':"
                        + " gen_ai.response.model or gen_ai.request.model is required,"
                        + " gen_ai.usage.output_tokens (or gen_ai.usage.completion_tokens) is required");
        List<AcceptedEvent> events = eventsOf(1);
        assertThat(events).extracting(e -> e.event().externalId()).containsExactly(TRACE_ID + ":00f067aa0ba90203");
        assertThat(events.get(0).event().latencyMs()).isEqualTo(800);
    }

    @Test
    void refusesWithGoogleRpcStatusInTheRequestsEncoding() throws IOException {
        byte[] body = export(chat("00f067aa0ba90205", 10, 5)).toByteArray();

        EntityExchangeResult<byte[]> noKey = post(PROTOBUF, null, body, null);
        assertThat(noKey.getStatus().value()).isEqualTo(401);
        assertThat(noKey.getResponseHeaders().getContentType().toString()).isEqualTo(PROTOBUF);
        assertThat(status(noKey.getResponseBody())).isEqualTo(16).as("UNAUTHENTICATED");

        // A well-formed key no workspace has, and a revoked one.
        assertThat(post(PROTOBUF, null, body, "spl_" + "x".repeat(43))
                        .getStatus()
                        .value())
                .isEqualTo(401);
        keys.revoke(key.key().id());
        authenticator.invalidate(key.secret());
        EntityExchangeResult<byte[]> revoked = post(JSON, "{}".getBytes(StandardCharsets.UTF_8));
        assertThat(revoked.getStatus().value()).isEqualTo(401);
        assertThat(new String(revoked.getResponseBody(), StandardCharsets.UTF_8))
                .startsWith("{\"code\":16,\"message\":\"unauthorized: Missing or invalid API key.");
    }

    @Test
    void refusesUnknownContentTypesEncodingsAndBadBodies() throws IOException {
        byte[] body = export(chat("00f067aa0ba90206", 10, 5)).toByteArray();

        EntityExchangeResult<byte[]> text = post("text/plain", body);
        assertThat(text.getStatus().value()).isEqualTo(415);
        assertThat(status(text.getResponseBody())).isEqualTo(3);
        assertThat(post(PROTOBUF, "br", body, key.secret()).getStatus().value()).isEqualTo(415);

        EntityExchangeResult<byte[]> malformed = post(JSON, "{\"resourceSpans\":".getBytes(StandardCharsets.UTF_8));
        assertThat(malformed.getStatus().value()).isEqualTo(400);
        assertThat(new String(malformed.getResponseBody(), StandardCharsets.UTF_8))
                .startsWith("{\"code\":3,\"message\":\"malformed_otlp: ");
        assertThat(post(PROTOBUF, "gzip", body, key.secret()).getStatus().value())
                .isEqualTo(400);
        assertThat(eventsOf(0)).isEmpty();
    }

    @Test
    void refusesOversizedBodiesAndTooManyModelCallsWith413() throws IOException {
        byte[] huge = export(chat("00f067aa0ba90207", 10, 5).setName("x".repeat(70 * 1024)))
                .toByteArray();
        EntityExchangeResult<byte[]> tooLarge = post(PROTOBUF, huge);
        assertThat(tooLarge.getStatus().value()).isEqualTo(413);
        assertThat(status(tooLarge.getResponseBody())).isEqualTo(3);
        // Small on the wire, beyond the limit once inflated.
        assertThat(post(PROTOBUF, "gzip", gzip(huge), key.secret()).getStatus().value())
                .isEqualTo(413);

        var spans = new io.opentelemetry.proto.trace.v1.Span.Builder[6];
        for (int i = 0; i < spans.length; i++) {
            spans[i] = chat(String.format("00f067aa0ba903%02x", i), 10, 5);
        }
        assertThat(post(PROTOBUF, export(spans).toByteArray()).getStatus().value())
                .isEqualTo(413);
        assertThat(eventsOf(0)).isEmpty();
    }

    @Test
    void attributesByTheWorkspacesOwnMappingWhileAnotherWorkspaceKeepsTheDefault() throws IOException {
        // The workspace's setting, as the settings endpoint stores it (query-api; here without it).
        List<dev.spendline.contracts.validation.FieldError> errors = new java.util.ArrayList<>();
        OtlpMapping custom = OtlpMapping.read(
                Json.MAPPER.readTree("{\"tenantId\": [\"app.customer\"], \"feature\": [\"app.route\"]}"), "", errors);
        assertThat(errors).isEmpty();
        mappings.save(key.key().workspaceId(), custom);
        IssuedApiKey other = keys.issue(
                workspaces.create("otlp other " + UUID.randomUUID(), Plan.FREE).id(), "test");
        java.util.function.Function<String, byte[]> body = spanId -> export(
                        List.of(attr("app.customer", "globex"), attr("spendline.tenant_id", "acme")),
                        chat(spanId, 10, 5)
                                .addAttributes(attr("app.route", "/checkout"))
                                .addAttributes(attr("spendline.feature", "search")))
                .toByteArray();

        assertThat(post(PROTOBUF, body.apply("00f067aa0ba90210")).getStatus().value())
                .isEqualTo(200);
        assertThat(post(PROTOBUF, null, body.apply("00f067aa0ba90211"), other.secret())
                        .getStatus()
                        .value())
                .isEqualTo(200);

        ProductEvent own = eventsOf(1).get(0).event();
        assertThat(own.tenantId()).isEqualTo("globex");
        assertThat(own.feature()).isEqualTo("/checkout");
        ProductEvent others = GatewayKafka.eventsOf(
                        KAFKA.bootstrapServers(), other.key().workspaceId(), 1)
                .get(0)
                .event();
        assertThat(others.tenantId()).isEqualTo("acme");
        assertThat(others.feature()).isEqualTo("search");

        // Reset: once this process forgets the cached mapping, the default applies again.
        mappings.reset(key.key().workspaceId());
        mappingCache.invalidate(key.key().workspaceId());
        assertThat(post(PROTOBUF, body.apply("00f067aa0ba90212")).getStatus().value())
                .isEqualTo(200);
        assertThat(eventsOf(2))
                .extracting(e -> e.event().externalId() + "=" + e.event().tenantId())
                .containsExactly(TRACE_ID + ":00f067aa0ba90210=globex", TRACE_ID + ":00f067aa0ba90212=acme");
    }

    @Test
    void answersOtherMethodsWith405() {
        http.get()
                .uri("/v1/traces")
                .exchange()
                .expectStatus()
                .isEqualTo(405)
                .expectHeader()
                .valueEquals("Allow", "POST");
    }

    private List<AcceptedEvent> eventsOf(int expectAtLeast) {
        return GatewayKafka.eventsOf(KAFKA.bootstrapServers(), key.key().workspaceId(), expectAtLeast);
    }

    /** The code of a protobuf {@code google.rpc.Status}. */
    private static int status(byte[] body) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(body);
        assertThat(in.readTag()).isEqualTo(1 << 3);
        return in.readInt32();
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        }
        return out.toByteArray();
    }
}
