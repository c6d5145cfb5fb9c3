package dev.spendline.gateway.otlp;

import static dev.spendline.gateway.otlp.OtlpSpans.START;
import static dev.spendline.gateway.otlp.OtlpSpans.TRACE_ID;
import static dev.spendline.gateway.otlp.OtlpSpans.attr;
import static dev.spendline.gateway.otlp.OtlpSpans.chat;
import static dev.spendline.gateway.otlp.OtlpSpans.export;
import static dev.spendline.gateway.otlp.OtlpSpans.span;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.otlp.OtlpMapping;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.Status;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GenAiSpanMapperTest {

    private static final Instant RECEIVED = START.plusSeconds(60);

    private static GenAiSpanMapper.Result map(ExportTraceServiceRequest export) {
        return map(export, OtlpMapping.DEFAULT);
    }

    private static GenAiSpanMapper.Result map(ExportTraceServiceRequest export, OtlpMapping attribution) {
        return GenAiSpanMapper.map(export, GenAiSpanMapper.Ids.BYTES, RECEIVED, attribution);
    }

    /** A workspace's mapping, read under the settings endpoint's rules. */
    private static OtlpMapping mapping(String json) {
        List<FieldError> errors = new ArrayList<>();
        OtlpMapping mapping = OtlpMapping.read(Json.MAPPER.readTree(json), "", errors);
        assertThat(errors).isEmpty();
        return mapping;
    }

    private static ProductEvent only(GenAiSpanMapper.Result result) {
        assertThat(result.reasons()).isEmpty();
        assertThat(result.events()).hasSize(1);
        return result.events().get(0);
    }

    @Test
    void mapsTheCurrentConventionsToAProductEvent() {
        ProductEvent event = only(map(export(chat("00f067aa0ba902b7", 1200, 300)
                .addAttributes(attr("gen_ai.usage.cache_read.input_tokens", 1000L))
                .addAttributes(attr("gen_ai.usage.cache_creation.input_tokens", 100L)))));

        assertThat(event.provider()).isEqualTo("openai");
        assertThat(event.model()).isEqualTo("gpt-4o-2024-08-06"); // the response's model wins
        assertThat(event.promptTokens()).isEqualTo(1200);
        assertThat(event.outputTokens()).isEqualTo(300);
        assertThat(event.cacheReadTokens()).isEqualTo(1000);
        assertThat(event.cacheWriteTokens()).isEqualTo(100);
        assertThat(event.costUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(event.source()).isEqualTo("otlp");
        assertThat(event.externalId()).isEqualTo(TRACE_ID + ":00f067aa0ba902b7");
        assertThat(event.ts()).isEqualTo(START.plusMillis(1500)); // the span's end
        assertThat(event.latencyMs()).isEqualTo(1500);
        assertThat(event.status()).isEqualTo("success");
    }

    @Test
    void mapsThePreviousConventions() {
        ProductEvent event = only(map(export(span(
                "00f067aa0ba902b8",
                attr("gen_ai.system", "Anthropic"),
                attr("gen_ai.request.model", "claude-sonnet-4-5"),
                attr("gen_ai.usage.prompt_tokens", 40L),
                attr("gen_ai.usage.completion_tokens", 12L),
                attr("gen_ai.usage.cache_read_input_tokens", 500L),
                attr("gen_ai.usage.cache_creation_input_tokens", 60L)))));

        assertThat(event.provider()).isEqualTo("anthropic");
        assertThat(event.model()).isEqualTo("claude-sonnet-4-5");
        // The cache tokens exceed the input tokens: Anthropic's uncached input, so they are added.
        assertThat(event.promptTokens()).isEqualTo(600);
        assertThat(event.outputTokens()).isEqualTo(12);
        assertThat(event.cacheReadTokens()).isEqualTo(500);
        assertThat(event.cacheWriteTokens()).isEqualTo(60);
    }

    @Test
    void theCurrentNameWinsOverThePrevious() {
        ProductEvent event = only(map(export(chat("00f067aa0ba902b9", 10, 5)
                .addAttributes(attr("gen_ai.system", "azure.ai.openai"))
                .addAttributes(attr("gen_ai.usage.prompt_tokens", 99L)))));

        assertThat(event.provider()).isEqualTo("openai");
        assertThat(event.promptTokens()).isEqualTo(10);
    }

    @Test
    void attributionComesFromTheSpanThenTheResource() {
        ProductEvent event = only(map(export(
                List.of(
                        attr("service.name", "support-bot"),
                        attr("spendline.tenant_id", "acme"),
                        attr("spendline.feature", "resource-feature"),
                        attr("spendline.workflow", "triage")),
                chat("00f067aa0ba902ba", 10, 5)
                        .addAttributes(attr("spendline.feature", "summarize"))
                        .addAttributes(attr("enduser.id", "u-42"))
                        .addAttributes(attr("gen_ai.agent.name", "helper"))
                        .addAttributes(attr("session.id", "run-7"))
                        .addAttributes(attr("gen_ai.tool.name", "search"))
                        .addAttributes(attr("spendline.cost_usd", 0.0123)))));

        assertThat(event.tenantId()).isEqualTo("acme");
        assertThat(event.feature()).isEqualTo("summarize");
        assertThat(event.workflowId()).isEqualTo("triage");
        assertThat(event.userId()).isEqualTo("u-42");
        assertThat(event.agentId()).isEqualTo("helper");
        assertThat(event.runId()).isEqualTo("run-7");
        assertThat(event.toolName()).isEqualTo("search");
        assertThat(event.costUsd()).isEqualByComparingTo("0.0123");
    }

    @Test
    void aWorkspacesMappingReadsItsOwnAttributesInOrderAndKeepsTheDefaultForTheOtherFields() {
        OtlpMapping custom = mapping(
                """
                {"tenantId": ["app.customer", "spendline.tenant_id"],
                 "feature": ["app.route"],
                 "runId": ["app.request_id"],
                 "outcome": ["app.result", "spendline.outcome"]}
                """);
        ExportTraceServiceRequest export = export(
                List.of(attr("app.customer", "globex"), attr("spendline.workflow", "triage")),
                chat("00f067aa0ba902d0", 10, 5)
                        // The span's own attribute wins over the resource's, in the mapping's order.
                        .addAttributes(attr("spendline.tenant_id", "acme"))
                        .addAttributes(attr("app.route", "/checkout"))
                        .addAttributes(attr("spendline.feature", "ignored-now"))
                        .addAttributes(attr("session.id", "not-the-run-any-more"))
                        .addAttributes(attr("app.request_id", 4711L))
                        .addAttributes(attr("enduser.id", "u-42")),
                chat("00f067aa0ba902d1", 10, 5).addAttributes(attr("spendline.outcome", "resolved")));

        List<ProductEvent> events = map(export, custom).events();

        assertThat(events).hasSize(2);
        ProductEvent first = events.get(0);
        // tenantId: app.customer comes first, looked up on the span, then the resource.
        assertThat(first.tenantId()).isEqualTo("acme");
        assertThat(first.feature()).isEqualTo("/checkout");
        assertThat(first.runId()).isEqualTo("4711");
        assertThat(first.userId()).isEqualTo("u-42"); // unchanged field: the default
        assertThat(first.workflowId()).isEqualTo("triage");
        assertThat(first.outcome()).isNull();
        ProductEvent second = events.get(1);
        assertThat(second.tenantId()).isEqualTo("globex"); // from the resource
        assertThat(second.feature()).isNull(); // spendline.feature is no longer read
        assertThat(second.outcome()).isEqualTo("resolved"); // the second name of the list

        // The same export under the default mapping: the default names only.
        List<ProductEvent> byDefault = map(export).events();
        assertThat(byDefault.get(0).tenantId()).isEqualTo("acme");
        assertThat(byDefault.get(0).feature()).isEqualTo("ignored-now");
        assertThat(byDefault.get(0).runId()).isEqualTo("not-the-run-any-more");
        assertThat(byDefault.get(1).tenantId()).isNull();
    }

    @Test
    void aRefusedValueIsNamedByTheWorkspacesAttributeNames() {
        GenAiSpanMapper.Result result = map(
                export(chat("00f067aa0ba902d2", 10, 5).addAttributes(attr("app.customer", "x".repeat(5000)))),
                mapping("{\"tenantId\": [\"app.customer\", \"org.id\"]}"));

        assertThat(result.events()).isEmpty();
        assertThat(result.reasons()).singleElement().asString().contains("app.customer / org.id ");
    }

    @Test
    void anErrorStatusOrErrorTypeMakesAnErrorEventWithoutUsage() {
        GenAiSpanMapper.Result result = map(export(
                span("00f067aa0ba902bb", attr("gen_ai.provider.name", "openai"), attr("gen_ai.request.model", "gpt-4o"))
                        .setStatus(Status.newBuilder().setCode(Status.StatusCode.STATUS_CODE_ERROR)),
                chat("00f067aa0ba902bc", 10, 0).addAttributes(attr("error.type", "timeout"))));

        assertThat(result.reasons()).isEmpty();
        assertThat(result.events()).extracting(ProductEvent::status).containsExactly("error", "error");
        assertThat(result.events().get(0).promptTokens()).isZero();
        assertThat(result.events().get(0).outputTokens()).isZero();
    }

    @Test
    void rejectsModelCallsWithoutModelOrTokensGivingTheReason() {
        GenAiSpanMapper.Result result = map(export(
                span("00f067aa0ba902bd", attr("gen_ai.provider.name", "openai"), attr("gen_ai.usage.input_tokens", 5L)),
                span(
                        "00f067aa0ba902be",
                        attr("gen_ai.provider.name", "openai"),
                        attr("gen_ai.request.model", "gpt-4o")),
                chat("00f067aa0ba902bf", 10, 5)));

        assertThat(result.events()).hasSize(1);
        assertThat(result.rejected()).isEqualTo(2);
        assertThat(result.reasons()).hasSize(2);
        assertThat(result.reasons().get(0))
                .startsWith("span " + TRACE_ID + ":00f067aa0ba902bd 'chat gpt-4o': ")
                .contains("gen_ai.response.model or gen_ai.request.model is required")
                .contains("gen_ai.usage.output_tokens (or gen_ai.usage.completion_tokens) is required");
        assertThat(result.reasons().get(1))
                .contains("gen_ai.usage.input_tokens (or gen_ai.usage.prompt_tokens) is required");
        assertThat(result.errorMessage()).startsWith("2 GenAI span(s) rejected: span ");
    }

    @Test
    void rejectsWhatTheEventsEndpointRefusesNamingTheAttribute() {
        GenAiSpanMapper.Result result = map(export(
                chat("00f067aa0ba902c0", -1, 5),
                chat("00f067aa0ba902c1", 10, 5).addAttributes(attr("spendline.tenant_id", "x".repeat(5000))),
                chat("00f067aa0ba902c2", 10, 5).addAttributes(attr("spendline.cost_usd", "a lot")),
                chat("00f067aa0ba902c8", 2_000_000_000L, 5)));

        assertThat(result.events()).isEmpty();
        assertThat(result.reasons().get(0)).contains("gen_ai.usage.input_tokens must be a non-negative integer");
        assertThat(result.reasons().get(1)).contains("spendline.tenant_id");
        assertThat(result.reasons().get(2)).contains("spendline.cost_usd must be a number (USD)");
        assertThat(result.reasons().get(3))
                .contains("gen_ai.usage.input_tokens / gen_ai.usage.prompt_tokens (with the cache tokens) must be");
    }

    @Test
    void ignoresSpansThatAreNotModelCalls() {
        GenAiSpanMapper.Result result = map(export(
                span("00f067aa0ba902c3", attr("http.request.method", "GET")),
                // Resource GenAI attributes do not make every span a model call.
                span("00f067aa0ba902c4", attr("gen_ai.provider.name", "openai")),
                // An agent's span wraps model calls that have spans of their own: counted once, there.
                span(
                        "00f067aa0ba902c5",
                        attr("gen_ai.operation.name", "invoke_agent"),
                        attr("gen_ai.request.model", "gpt-4o"),
                        attr("gen_ai.usage.input_tokens", 100L),
                        attr("gen_ai.usage.output_tokens", 10L)),
                chat("00f067aa0ba902c6", 10, 5)));

        assertThat(result.ignored()).isEqualTo(3);
        assertThat(result.rejected()).isZero();
        assertThat(result.events()).hasSize(1);
        assertThat(result.errorMessage()).isEmpty();
    }

    @Test
    void embeddingsHaveNoOutputTokens() {
        ProductEvent event = only(map(export(span(
                "00f067aa0ba902c7",
                attr("gen_ai.operation.name", "embeddings"),
                attr("gen_ai.provider.name", "openai"),
                attr("gen_ai.request.model", "text-embedding-3-small"),
                attr("gen_ai.usage.input_tokens", 8L)))));

        assertThat(event.outputTokens()).isZero();
    }

    @Test
    void rejectsSpansWithoutAnIdentity() {
        GenAiSpanMapper.Result result = map(export(chat("0000000000000000", 10, 5)));

        assertThat(result.events()).isEmpty();
        assertThat(result.reasons().get(0)).contains("span_id (8 bytes) are required");
    }

    @Test
    void keepsTenReasonsAndCountsTheRest() {
        var spans = new io.opentelemetry.proto.trace.v1.Span.Builder[12];
        for (int i = 0; i < spans.length; i++) {
            spans[i] = span(String.format("%016x", i + 1), attr("gen_ai.request.model", "gpt-4o"));
        }
        GenAiSpanMapper.Result result = map(export(spans));

        assertThat(result.rejected()).isEqualTo(12);
        assertThat(result.reasons()).hasSize(10);
        assertThat(result.errorMessage()).startsWith("12 GenAI span(s)").endsWith("; and 2 more");
    }
}
