package dev.spendline.standalone.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.instrumentation.openai.v1_1.OpenAITelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A Java application on the OpenTelemetry Java SDK (1.68.0), its OpenAI calls made with OpenAI's Java
 * SDK ({@code com.openai:openai-java}) wrapped by the OpenTelemetry OpenAI library instrumentation
 * ({@code io.opentelemetry.instrumentation:opentelemetry-openai-java-1.1}), exported by the OTLP/HTTP
 * protobuf exporter to a real standalone's {@code /v1/traces} as docs/opentelemetry.md says (the
 * Authorization header, resource attributes for attribution). OpenAI is a local fake of the chat
 * completions API answering as the real one does. The spend report then shows exactly one call per
 * model call with the fake's tokens, and exporting the same spans again (an exporter's retry) adds
 * nothing.
 */
class OpenAiJavaOpenTelemetryIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(60);
    private static final int CALLS = 3;
    /** The fake's usage, as OpenAI reports it: cached tokens are part of the prompt tokens. */
    private static final long PROMPT_TOKENS = 1234;

    private static final long CACHED_TOKENS = 1024;
    private static final long COMPLETION_TOKENS = 56;
    private static final String ANSWER_MODEL = "gpt-4o-mini-2024-07-18";

    private static StandaloneForClients spendline;
    private static HttpServer fakeOpenAi;
    private static final AtomicInteger completions = new AtomicInteger();

    @BeforeAll
    static void start() throws Exception {
        spendline = StandaloneForClients.start("spendline-otel-java-it", EVENTUALLY);
        fakeOpenAi = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fakeOpenAi.createContext("/v1/chat/completions", exchange -> {
            exchange.getRequestBody().readAllBytes();
            int n = completions.incrementAndGet();
            byte[] body = chatCompletion("chatcmpl-fake" + n).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("x-request-id", "req_fake" + n);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        fakeOpenAi.start();
    }

    @AfterAll
    static void stop() {
        if (fakeOpenAi != null) {
            fakeOpenAi.stop(0);
        }
        if (spendline != null) {
            spendline.close();
        }
    }

    /** A non-streaming chat completion as OpenAI's API answers it (2025-2026 shape). */
    private static String chatCompletion(String id) {
        return """
                {"id":"%s","object":"chat.completion","created":%d,"model":"%s",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"Paris.","refusal":null,"annotations":[]},
                   "logprobs":null,"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":%d,"completion_tokens":%d,"total_tokens":%d,
                   "prompt_tokens_details":{"cached_tokens":%d,"audio_tokens":0},
                   "completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,
                     "accepted_prediction_tokens":0,"rejected_prediction_tokens":0}},
                 "service_tier":"default","system_fingerprint":"fp_fake"}"""
                .formatted(
                        id,
                        Instant.now().getEpochSecond(),
                        ANSWER_MODEL,
                        PROMPT_TOKENS,
                        COMPLETION_TOKENS,
                        PROMPT_TOKENS + COMPLETION_TOKENS,
                        CACHED_TOKENS);
    }

    @Test
    void everyChatCompletionIsOneCallWithTheFakesTokensAndAnExporterRetryAddsNothing() throws Exception {
        String key = spendline.newKey("otel-java");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        // The application's tracing, as docs/opentelemetry.md shows it for Java: the OTLP/HTTP
        // exporter (protobuf is its default) at {base}/v1/traces with the ingest key.
        OtlpHttpSpanExporter otlp = OtlpHttpSpanExporter.builder()
                .setEndpoint(spendline.baseUrl() + "/v1/traces")
                .addHeader("Authorization", "Bearer " + key)
                .build();
        RecordingExporter exporter = new RecordingExporter(otlp);
        SdkTracerProvider tracerProvider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault()
                        .merge(Resource.create(Attributes.of(
                                AttributeKey.stringKey("service.name"), "geography-quiz-java",
                                AttributeKey.stringKey("spendline.tenant_id"), "acme",
                                AttributeKey.stringKey("spendline.feature"), "geography-quiz"))))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
                .build();
        OpenTelemetrySdk openTelemetry =
                OpenTelemetrySdk.builder().setTracerProvider(tracerProvider).build();

        OpenAIClient client = OpenAITelemetry.create(openTelemetry)
                .wrap(OpenAIOkHttpClient.builder()
                        .apiKey("sk-fake")
                        .baseUrl("http://127.0.0.1:" + fakeOpenAi.getAddress().getPort() + "/v1")
                        .maxRetries(0)
                        .build());
        int before = completions.get();
        try {
            for (int i = 0; i < CALLS; i++) {
                ChatCompletion answer = client.chat()
                        .completions()
                        .create(ChatCompletionCreateParams.builder()
                                .model(ChatModel.GPT_4O_MINI)
                                .addUserMessage("Capital of France?")
                                .build());
                assertThat(answer.model()).isEqualTo(ANSWER_MODEL);
            }
            assertThat(tracerProvider.forceFlush().join(30, TimeUnit.SECONDS).isSuccess())
                    .as("the spans were exported and accepted")
                    .isTrue();
        } finally {
            client.close();
        }
        assertThat(completions.get() - before).as("calls the fake answered").isEqualTo(CALLS);
        List<SpanData> exported = exporter.exported();
        assertThat(exported)
                .as("one span per chat completion (the instrumentation's)")
                .hasSize(CALLS);

        String range = "&from=" + today + "&to=" + today;
        JsonNode report = spendline.awaitReport(
                "/api/v1/reports/spend?by=model" + range, key, r -> StandaloneForClients.calls(r) >= CALLS);
        assertCalls(report, CALLS);

        // An exporter's retry: the same SpanData through the same exporter, twice. Each export is
        // accepted (so the exporter would not retry again) and counts nothing.
        for (int retry = 0; retry < 2; retry++) {
            assertThat(otlp.export(exported).join(30, TimeUnit.SECONDS).isSuccess())
                    .isTrue();
        }
        tracerProvider.shutdown().join(30, TimeUnit.SECONDS);
        Thread.sleep(2_000); // a double count would be in the report by now (it is read ~1 s after ingest)
        report = spendline.report("/api/v1/reports/spend?by=model" + range, key);
        assertCalls(report, CALLS);
        assertCostIsThePriceBooks(report, CALLS, today);

        // Provider and attribution from the instrumentation's attributes and the resource's.
        for (String[] expected :
                new String[][] {{"provider", "openai"}, {"tenant", "acme"}, {"feature", "geography-quiz"}}) {
            JsonNode by = spendline.report("/api/v1/reports/spend?by=" + expected[0] + range, key);
            assertThat(by.get("rows")).as(by.toString()).hasSize(1);
            assertThat(by.get("rows").get(0).get("value").asString()).isEqualTo(expected[1]);
            assertThat(by.get("rows").get(0).get("measures").get("calls").asLong())
                    .isEqualTo(CALLS);
        }
    }

    /**
     * Exactly {@code calls} calls of the answering model, with the fake's prompt and completion
     * tokens. This instrumentation (2.31.1-alpha) does not put the cached tokens on its span, so
     * cache reads are 0 although the fake answered {@value #CACHED_TOKENS}.
     */
    private static void assertCalls(JsonNode report, int calls) {
        assertThat(report).isNotNull();
        JsonNode totals = report.get("totals");
        assertThat(totals.get("calls").asLong()).as(report.toString()).isEqualTo(calls);
        assertThat(totals.get("inputTokens").asLong()).isEqualTo(calls * PROMPT_TOKENS);
        assertThat(totals.get("outputTokens").asLong()).isEqualTo(calls * COMPLETION_TOKENS);
        assertThat(totals.get("cacheReadTokens").asLong()).isZero();
        assertThat(report.get("rows")).hasSize(1);
        assertThat(report.get("rows").get(0).get("value").asString()).isEqualTo(ANSWER_MODEL);
    }

    /**
     * The span carries no cost ({@code spendline.cost_usd}), so the report's cost is the server's
     * estimate from the bundled price book, all of it estimated (cache reads 0, as on the span).
     */
    private static void assertCostIsThePriceBooks(JsonNode report, int calls, LocalDate day) {
        EstimatedCost.assertPriceBooks(
                report.get("totals"), "openai", ANSWER_MODEL, day, PROMPT_TOKENS, 0, COMPLETION_TOKENS, calls);
    }

    /** Exports through {@code delegate} and keeps what it exported, to export it again. */
    private static final class RecordingExporter implements SpanExporter {
        private final SpanExporter delegate;
        private final List<SpanData> exported = new ArrayList<>();

        RecordingExporter(SpanExporter delegate) {
            this.delegate = delegate;
        }

        @Override
        public synchronized CompletableResultCode export(Collection<SpanData> spans) {
            exported.addAll(spans);
            return delegate.export(spans);
        }

        synchronized List<SpanData> exported() {
            return List.copyOf(exported);
        }

        @Override
        public CompletableResultCode flush() {
            return delegate.flush();
        }

        @Override
        public CompletableResultCode shutdown() {
            return delegate.shutdown();
        }
    }
}
