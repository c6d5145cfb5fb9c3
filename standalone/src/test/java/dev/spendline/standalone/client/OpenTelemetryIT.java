package dev.spendline.standalone.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.standalone.clients.NodeClients;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * OTLP/HTTP traces in ({@code POST /v1/traces}, docs/opentelemetry.md) on a real standalone
 * (embedded KRaft broker, Kafka Streams, real HTTP): exports in both encodings become exactly one
 * call per GenAI span in the spend report, with the tokens the spans carried, and sending the same
 * exports again (an exporter's retry) adds nothing; then a real instrumented application — OpenAI's
 * Node SDK traced by {@code @opentelemetry/instrumentation-openai} and exported by the OTLP proto
 * exporter, configured by environment variables only, against a local fake of OpenAI's API
 * ({@code src/test/node/otel-genai.cjs}) — shows up as one call with the fake's tokens; the same for
 * Anthropic's SDK traced by OpenLLMetry's {@code @traceloop/instrumentation-anthropic}.
 */
class OpenTelemetryIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(60);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path GENAI_APP = NodeClients.NODE_PROJECT.resolve("otel-genai.cjs");
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final int FREE_QUOTA = 3;

    private static StandaloneForClients spendline;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        // A small FREE quota for the quota test; every other test uses TEAM workspaces.
        spendline = StandaloneForClients.start(
                "spendline-otlp-it", EVENTUALLY, Map.of("spendline.quota.free-events-per-month", FREE_QUOTA));
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void everyGenAiSpanIsOneCallAndAResentExportAddsNothing() throws Exception {
        String key = spendline.newKey("otlp-it");
        Instant start = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);
        LocalDate day = LocalDate.ofInstant(start, ZoneOffset.UTC);

        // Protobuf: one span per attribute generation, and an HTTP span that is not a model call.
        byte[] protobuf = ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder()
                                .addAttributes(attr("service.name", "shop"))
                                .addAttributes(attr("spendline.tenant_id", "acme")))
                        .addScopeSpans(ScopeSpans.newBuilder()
                                .addSpans(span(
                                        "00f067aa0ba90201",
                                        start,
                                        attr("gen_ai.provider.name", "openai"),
                                        attr("gen_ai.request.model", "gpt-4o"),
                                        attr("gen_ai.response.model", "gpt-4o-2024-08-06"),
                                        attr("gen_ai.usage.input_tokens", 1000),
                                        attr("gen_ai.usage.output_tokens", 100),
                                        attr("gen_ai.usage.cache_read.input_tokens", 600)))
                                .addSpans(span(
                                        "00f067aa0ba90202",
                                        start,
                                        attr("gen_ai.system", "anthropic"),
                                        attr("gen_ai.request.model", "claude-sonnet-4-5"),
                                        attr("gen_ai.usage.prompt_tokens", 2000),
                                        attr("gen_ai.usage.completion_tokens", 200),
                                        attr("spendline.tenant_id", "globex")))
                                .addSpans(span("00f067aa0ba90203", start, attr("http.request.method", "POST")))))
                .build()
                .toByteArray();
        long startNanos = start.getEpochSecond() * 1_000_000_000L;
        String json =
                """
                {"resourceSpans":[{"resource":{"attributes":[{"key":"spendline.tenant_id","value":{"stringValue":"initech"}}]},
                 "scopeSpans":[{"spans":[%s,%s]}]}]}"""
                        .formatted(
                                jsonSpan("00f067aa0ba90204", startNanos, 300, 30),
                                jsonSpan("00f067aa0ba90205", startNanos, 400, 40));

        for (int attempt = 0; attempt < 2; attempt++) {
            HttpResponse<byte[]> proto = export(key, "application/x-protobuf", protobuf);
            assertThat(proto.statusCode()).isEqualTo(200);
            assertThat(proto.body()).isEmpty(); // an ExportTraceServiceResponse with nothing rejected
            HttpResponse<byte[]> viaJson =
                    export(key, "application/json", json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertThat(viaJson.statusCode()).isEqualTo(200);
            assertThat(new String(viaJson.body(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo("{}");
        }

        JsonNode report = spendline.awaitReport(
                "/api/v1/reports/spend?by=tenant&from=" + day + "&to=" + day,
                key,
                r -> StandaloneForClients.calls(r) >= 4);
        JsonNode totals = report.get("totals");
        assertThat(totals.get("calls").asLong()).as(report.toString()).isEqualTo(4);
        assertThat(totals.get("inputTokens").asLong()).isEqualTo(1000 + 2000 + 300 + 400);
        assertThat(totals.get("outputTokens").asLong()).isEqualTo(100 + 200 + 30 + 40);
        assertThat(totals.get("cacheReadTokens").asLong()).isEqualTo(600);
        assertThat(report.get("rows"))
                .extracting(r -> r.get("value").asString() + "="
                        + r.get("measures").get("calls").asLong())
                .containsExactlyInAnyOrder("acme=1", "globex=1", "initech=2");
    }

    /**
     * The workspace's OTLP mapping through the settings API (docs/opentelemetry.md, "Changing the
     * mapping"): refused with every problem, changed, applied to the next export, reset; another
     * workspace keeps the default and can neither read nor change this one's.
     */
    @Test
    void aWorkspacesOwnMappingAttributesItsSpansAndNoOtherWorkspaces() throws Exception {
        String key = spendline.newKey("otlp-mapping");
        String otherKey = spendline.newKey("otlp-mapping-other");
        String workspace = spendline.workspaceOf(key);
        Instant start = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);
        LocalDate day = LocalDate.ofInstant(start, ZoneOffset.UTC);

        SettingsAnswer initial = setting("GET", key, null);
        assertThat(initial.status()).isEqualTo(200);
        assertThat(initial.body().get("attributes").get("tenantId").toString()).isEqualTo("[\"spendline.tenant_id\"]");
        assertThat(initial.body().get("attributes").get("runId").toString())
                .isEqualTo("[\"session.id\",\"gen_ai.conversation.id\"]");
        assertThat(initial.body().get("changed").isEmpty()).isTrue();
        assertThat(initial.body().get("updatedAt").isNull()).isTrue();
        assertThat(setting("GET", null, null).status()).isEqualTo(401);

        // Every problem at once, and nothing changes.
        SettingsAnswer refused = setting(
                "PUT",
                key,
                """
                {"tenant": ["x"], "feature": [], "userId": ["a","b","c","d","e","f","g","h","i"],
                 "runId": ["%s"], "stepId": ["app step"]}"""
                        .formatted("r".repeat(129)));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("code").asString()).isEqualTo("invalid_otlp_mapping");
        assertThat(refused.body().get("errors"))
                .extracting(e -> e.get("pointer").asString())
                .containsExactly("/tenant", "/feature", "/userId", "/runId/0", "/stepId/0");
        assertThat(setting("PUT", key, "[]").status()).isEqualTo(400);
        assertThat(setting("GET", key, null).body().get("changed").isEmpty()).isTrue();

        SettingsAnswer changed = setting(
                "PUT", key, "{\"tenantId\": [\"app.customer\"], \"feature\": [\"app.route\", \"spendline.feature\"]}");
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.body().get("changed").toString())
                .isEqualTo("{\"tenantId\":[\"app.customer\"],\"feature\":[\"app.route\",\"spendline.feature\"]}");
        assertThat(changed.body().get("updatedAt").isString()).isTrue();
        assertThat(setting("GET", key, null).body()).isEqualTo(changed.body());

        // Another workspace sees its own (the default), and cannot reach this one's: not with this
        // workspace's id in the path (no such route), nor in the query (the key's workspace is used).
        assertThat(setting("GET", otherKey, null).body().get("changed").isEmpty())
                .isTrue();
        assertThat(send("GET", "/api/v1/workspaces/" + workspace + "/settings/otlp-mapping", otherKey, null)
                        .status())
                .isEqualTo(404);
        assertThat(send(
                                "PUT",
                                "/api/v1/workspaces/" + workspace + "/settings/otlp-mapping",
                                otherKey,
                                "{\"tenantId\": [\"other.customer\"]}")
                        .status())
                .isIn(404, 405);
        SettingsAnswer viaQuery = send(
                "PUT",
                "/api/v1/settings/otlp-mapping?workspaceId=" + workspace,
                otherKey,
                "{\"tenantId\": [\"other.customer\"]}");
        assertThat(viaQuery.status()).isEqualTo(200);
        assertThat(setting("GET", key, null).body()).isEqualTo(changed.body());
        assertThat(send("DELETE", "/api/v1/settings/otlp-mapping?workspaceId=" + workspace, otherKey, null)
                        .status())
                .isEqualTo(204);
        assertThat(setting("GET", key, null).body()).isEqualTo(changed.body());
        assertThat(setting("GET", otherKey, null).body().get("changed").isEmpty())
                .isTrue();

        // The same export to both: this workspace reads its own names, the other the default ones.
        java.util.function.Function<String, byte[]> export = spanId -> ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder()
                                .addAttributes(attr("service.name", "shop"))
                                .addAttributes(attr("app.customer", "globex")))
                        .addScopeSpans(ScopeSpans.newBuilder()
                                .addSpans(span(
                                        spanId,
                                        start,
                                        attr("gen_ai.provider.name", "openai"),
                                        attr("gen_ai.request.model", "gpt-4o"),
                                        attr("gen_ai.usage.input_tokens", 100),
                                        attr("gen_ai.usage.output_tokens", 10),
                                        attr("spendline.tenant_id", "acme"),
                                        attr("spendline.feature", "search"),
                                        attr("app.route", "/checkout")))))
                .build()
                .toByteArray();
        assertThat(export(key, "application/x-protobuf", export.apply("00f067aa0ba90501"))
                        .statusCode())
                .isEqualTo(200);
        assertThat(export(otherKey, "application/x-protobuf", export.apply("00f067aa0ba90501"))
                        .statusCode())
                .isEqualTo(200);

        String range = "&from=" + day + "&to=" + day;
        assertThat(rows(key, "tenant", range, 1)).containsExactly("globex=1");
        assertThat(rows(key, "feature", range, 1)).containsExactly("/checkout=1");
        assertThat(rows(otherKey, "tenant", range, 1)).containsExactly("acme=1");
        assertThat(rows(otherKey, "feature", range, 1)).containsExactly("search=1");

        // Reset: the next export is read with the default again.
        assertThat(setting("DELETE", key, null).status()).isEqualTo(204);
        assertThat(setting("GET", key, null).body()).isEqualTo(initial.body());
        assertThat(export(key, "application/x-protobuf", export.apply("00f067aa0ba90502"))
                        .statusCode())
                .isEqualTo(200);
        assertThat(rows(key, "tenant", range, 2)).containsExactlyInAnyOrder("globex=1", "acme=1");
    }

    /** The rows of the spend report by {@code by}, as {@code value=calls}, once it counts {@code calls}. */
    private List<String> rows(String key, String by, String range, long calls) throws Exception {
        JsonNode report = spendline.awaitReport(
                "/api/v1/reports/spend?by=" + by + range, key, r -> StandaloneForClients.calls(r) >= calls);
        assertThat(StandaloneForClients.calls(report))
                .as(String.valueOf(report))
                .isEqualTo(calls);
        List<String> rows = new java.util.ArrayList<>();
        for (JsonNode row : report.get("rows")) {
            rows.add(row.get("value").asString() + "="
                    + row.get("measures").get("calls").asLong());
        }
        return rows;
    }

    private record SettingsAnswer(int status, JsonNode body) {}

    private SettingsAnswer setting(String method, String key, String body) throws Exception {
        return send(method, "/api/v1/settings/otlp-mapping", key, body);
    }

    private SettingsAnswer send(String method, String path, String key, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(spendline.baseUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new SettingsAnswer(answer.statusCode(), answer.body().isEmpty() ? null : JSON.readTree(answer.body()));
    }

    @Test
    void anOpenAiCallTracedByTheOfficialInstrumentationIsOneCallWithItsTokens() throws Exception {
        NodeClients.requireOrSkip(
                "openai", "@opentelemetry/instrumentation-openai", "@opentelemetry/exporter-trace-otlp-proto");
        JsonNode totals = instrumentedCall("openai", "gpt-4o-mini-2024-07-18");
        // The fake's usage: 1234 prompt tokens (1024 of them cached: this instrumentation does not
        // report cache tokens), 56 completion tokens.
        assertThat(totals.get("inputTokens").asLong()).isEqualTo(1234);
        assertThat(totals.get("outputTokens").asLong()).isEqualTo(56);
        // No cost on the span: the price book's, estimated.
        EstimatedCost.assertPriceBooks(
                totals, "openai", "gpt-4o-mini-2024-07-18", LocalDate.now(ZoneOffset.UTC), 1234, 0, 56, 1);
    }

    @Test
    void anAnthropicCallTracedByOpenLlMetryIsOneCallWithItsCacheTokens() throws Exception {
        NodeClients.requireOrSkip(
                "@anthropic-ai/sdk",
                "@traceloop/instrumentation-anthropic",
                "@opentelemetry/exporter-trace-otlp-proto");
        JsonNode totals = instrumentedCall("anthropic", "claude-sonnet-4-5-20250929");
        // The fake's usage: 20 uncached input tokens, 1000 read from the cache, 50 written to it, 30 output.
        assertThat(totals.get("inputTokens").asLong()).isEqualTo(20 + 1000 + 50);
        assertThat(totals.get("cacheReadTokens").asLong()).isEqualTo(1000);
        assertThat(totals.get("cacheWriteTokens").asLong()).isEqualTo(50);
        assertThat(totals.get("outputTokens").asLong()).isEqualTo(30);
        // No cost on the span: the price book's, estimated (cache reads at the cached price).
        EstimatedCost.assertPriceBooks(
                totals,
                "anthropic",
                "claude-sonnet-4-5-20250929",
                LocalDate.now(ZoneOffset.UTC),
                20 + 1000 + 50,
                1000,
                30,
                1);
    }

    /**
     * Runs {@code otel-genai.cjs <provider>}, which makes one call to a fake of the provider's API
     * with its official SDK, traced and exported as docs/opentelemetry.md shows; then the spend
     * report of the day: exactly one call, of {@code model}, attributed from the resource
     * attributes. Returns the report's totals.
     */
    private JsonNode instrumentedCall(String provider, String model) throws Exception {
        String key = spendline.newKey("otlp-" + provider);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        NodeClients.Result run = NodeClients.newHome("otel-" + provider)
                .run(
                        List.of(NodeClients.node().orElseThrow().toString(), GENAI_APP.toString(), provider),
                        Map.of(
                                // All the application sets (docs/opentelemetry.md).
                                "OTEL_EXPORTER_OTLP_ENDPOINT",
                                spendline.baseUrl(),
                                "OTEL_EXPORTER_OTLP_HEADERS",
                                "Authorization=Bearer " + key,
                                "OTEL_RESOURCE_ATTRIBUTES",
                                "service.name=shop,spendline.tenant_id=acme,spendline.feature=geography-quiz"),
                        Duration.ofMinutes(2))
                .assertSucceeded();
        // No refused export (the exporter logs it), no instrumentation error.
        assertThat(run.stderr()).as(run.describe()).isEmpty();
        assertThat(JSON.readTree(run.stdout()).get("model").asString()).isEqualTo(model);

        String range = "&from=" + today + "&to=" + today;
        JsonNode report = spendline.awaitReport(
                "/api/v1/reports/spend?by=model" + range, key, r -> StandaloneForClients.calls(r) >= 1);
        assertThat(report.get("totals").get("calls").asLong())
                .as(report.toString())
                .isEqualTo(1);
        assertThat(report.get("rows").get(0).get("value").asString()).isEqualTo(model);
        for (String[] expected :
                new String[][] {{"provider", provider}, {"tenant", "acme"}, {"feature", "geography-quiz"}}) {
            JsonNode by = spendline.report("/api/v1/reports/spend?by=" + expected[0] + range, key);
            assertThat(by.get("rows")).as(by.toString()).hasSize(1);
            assertThat(by.get("rows").get(0).get("value").asString()).isEqualTo(expected[1]);
        }
        return report.get("totals");
    }

    @Test
    void atItsQuotaAWorkspaceGets429WithRetryAfterForNewSpansAnd200ForResends() throws Exception {
        String key = spendline.newKey("otlp-quota", Plan.FREE);
        Instant start = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);
        LocalDate day = LocalDate.ofInstant(start, ZoneOffset.UTC);
        Span.Builder[] spans = new Span.Builder[FREE_QUOTA + 1];
        for (int i = 0; i < spans.length; i++) {
            spans[i] = span(
                    String.format("00f067aa0ba904%02x", i),
                    start,
                    attr("gen_ai.provider.name", "openai"),
                    attr("gen_ai.request.model", "gpt-4o"),
                    attr("gen_ai.usage.input_tokens", 10),
                    attr("gen_ai.usage.output_tokens", 1))
                    .toBuilder();
        }
        byte[] quota = exportOf(java.util.Arrays.copyOf(spans, FREE_QUOTA));
        assertThat(export(key, "application/x-protobuf", quota).statusCode()).isEqualTo(200);
        spendline.awaitReport(
                "/api/v1/reports/spend?by=model&from=" + day + "&to=" + day,
                key,
                r -> StandaloneForClients.calls(r) >= FREE_QUOTA);

        HttpResponse<byte[]> refused = export(key, "application/x-protobuf", exportOf(spans));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow()))
                .isPositive();
        com.google.protobuf.CodedInputStream status = com.google.protobuf.CodedInputStream.newInstance(refused.body());
        assertThat(status.readTag()).isEqualTo(1 << 3);
        assertThat(status.readInt32()).as("RESOURCE_EXHAUSTED").isEqualTo(8);
        assertThat(status.readTag()).isEqualTo(2 << 3 | 2);
        assertThat(status.readString()).startsWith("quota_exceeded: ");

        // An exporter's retry of what was accepted is accepted, and counts nothing.
        assertThat(export(key, "application/x-protobuf", quota).statusCode()).isEqualTo(200);
        Thread.sleep(1_000);
        JsonNode report = spendline.report("/api/v1/reports/spend?by=model&from=" + day + "&to=" + day, key);
        assertThat(StandaloneForClients.calls(report)).isEqualTo(FREE_QUOTA);
    }

    private static byte[] exportOf(Span.Builder... spans) {
        ScopeSpans.Builder scope = ScopeSpans.newBuilder();
        for (Span.Builder span : spans) {
            scope.addSpans(span);
        }
        return ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder().addScopeSpans(scope))
                .build()
                .toByteArray();
    }

    private HttpResponse<byte[]> export(String key, String contentType, byte[] body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(spendline.baseUrl() + "/v1/traces"))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", contentType)
                        .timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private static Span span(String spanId, Instant start, KeyValue... attributes) {
        long startNanos = start.getEpochSecond() * 1_000_000_000L;
        return Span.newBuilder()
                .setTraceId(ByteString.copyFrom(HexFormat.of().parseHex(TRACE_ID)))
                .setSpanId(ByteString.copyFrom(HexFormat.of().parseHex(spanId)))
                .setName("chat")
                .setKind(Span.SpanKind.SPAN_KIND_CLIENT)
                .setStartTimeUnixNano(startNanos)
                .setEndTimeUnixNano(startNanos + 900_000_000L)
                .addAllAttributes(List.of(attributes))
                .build();
    }

    /** A chat span in OTLP/JSON: hex ids, int64 as strings, the span kind as a number. */
    private static String jsonSpan(String spanId, long startNanos, long input, long output) {
        return """
                {"traceId":"%s","spanId":"%s","name":"chat gpt-4o-mini","kind":3,
                 "startTimeUnixNano":"%d","endTimeUnixNano":"%d",
                 "attributes":[{"key":"gen_ai.provider.name","value":{"stringValue":"openai"}},
                  {"key":"gen_ai.request.model","value":{"stringValue":"gpt-4o-mini"}},
                  {"key":"gen_ai.usage.input_tokens","value":{"intValue":"%d"}},
                  {"key":"gen_ai.usage.output_tokens","value":{"intValue":%d}}]}"""
                .formatted(TRACE_ID, spanId, startNanos, startNanos + 500_000_000L, input, output);
    }

    private static KeyValue attr(String key, String value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setStringValue(value))
                .build();
    }

    private static KeyValue attr(String key, long value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setIntValue(value))
                .build();
    }
}
