package dev.spendline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ItemsTest {

    private static JsonNode json(Item item) {
        return FakeIngest.JSON.readTree(new String(JsonBodies.item(item), StandardCharsets.UTF_8));
    }

    @Test
    void writesEveryEventFieldWithTheDocumentedNames() {
        ProductEvent event = ProductEvent.builder()
                .provider("anthropic")
                .model("claude-sonnet-4-5")
                .promptTokens(1200)
                .outputTokens(300)
                .cacheReadTokens(800L)
                .cacheWriteTokens(100L)
                .totalTokens(1500L)
                .costUsd(new BigDecimal("0.004275"))
                .identity("support-backend", "req_01HZXK3P9")
                .ts(Instant.parse("2026-11-22T09:59:58.250Z"))
                .latencyMs(1830L)
                .status(ProductEvent.SUCCESS)
                .feature("ticket-summary")
                .tenantId("acme-corp")
                .userId("u-1")
                .agentId("triage")
                .workflowId("ticket-triage")
                .runId("run-9001")
                .stepId("summarize")
                .toolName("search")
                .retryCount(1)
                .outcome("resolved")
                .metadata(Map.of("region", "eu-west-1", "experiment", Map.of("arm", "b")))
                .build();

        JsonNode json = json(event);

        assertThat(json.propertyNames())
                .containsExactly(
                        "provider",
                        "model",
                        "promptTokens",
                        "outputTokens",
                        "costUsd",
                        "source",
                        "externalId",
                        "ts",
                        "totalTokens",
                        "cacheReadTokens",
                        "cacheWriteTokens",
                        "latencyMs",
                        "status",
                        "feature",
                        "tenantId",
                        "userId",
                        "agentId",
                        "workflowId",
                        "runId",
                        "stepId",
                        "toolName",
                        "retryCount",
                        "outcome",
                        "metadata");
        assertThat(json.get("ts").asString()).isEqualTo("2026-11-22T09:59:58.250Z");
        assertThat(json.get("costUsd").decimalValue()).isEqualByComparingTo("0.004275");
        assertThat(json.get("metadata").get("experiment").get("arm").asString()).isEqualTo("b");
    }

    @Test
    void writesMoneyAsTheExactDecimalGivenNeverInExponentForm() {
        ProductEvent event = ProductEvent.builder()
                .provider("openai")
                .model("gpt-4o-mini")
                .promptTokens(1)
                .outputTokens(0)
                .costUsd(new BigDecimal("1E-8"))
                .build();

        String written = new String(JsonBodies.item(event), StandardCharsets.UTF_8);

        assertThat(written)
                .isEqualTo("{\"provider\":\"openai\",\"model\":\"gpt-4o-mini\",\"promptTokens\":1,\"outputTokens\":0,"
                        + "\"costUsd\":0.00000001}");
    }

    @Test
    void leavesAbsentFieldsOutOfARow() {
        InternalUsageRow row = InternalUsageRow.builder()
                .sourceKey("collector:ada")
                .sourceKind(InternalUsageRow.KIND_COLLECTOR)
                .tool("codex")
                .employeeEmail("ada@example.com")
                .provider("openai")
                .model("gpt-5")
                .inputTokens(5000)
                .cachedInputTokens(4000L)
                .outputTokens(700)
                .costBasis(InternalUsageRow.PRICE_BOOK)
                .externalId("resp_1")
                .build();

        assertThat(json(row).propertyNames())
                .containsExactly(
                        "sourceKey",
                        "sourceKind",
                        "tool",
                        "employeeEmail",
                        "provider",
                        "model",
                        "inputTokens",
                        "cachedInputTokens",
                        "outputTokens",
                        "costBasis",
                        "externalId");
    }

    @Test
    void writesEveryRowFieldWithTheDocumentedNames() {
        InternalUsageRow row = InternalUsageRow.builder()
                .sourceKey("cursor-admin-export")
                .sourceName("Cursor admin export")
                .sourceKind(InternalUsageRow.KIND_BILLING_EXPORT)
                .tool("cursor")
                .category(InternalUsageRow.CATEGORY_CODING_AGENT)
                .employeeEmail("Grace.Hopper@example.com")
                .employeeName("Grace Hopper")
                .teamName("Platform")
                .provider("openai")
                .model("gpt-5")
                .inputTokens(5000)
                .cachedInputTokens(4000L)
                .outputTokens(700)
                .costBasis(InternalUsageRow.REPORTED)
                .costUsd("0.0183")
                .ts(Instant.parse("2026-11-21T07:00:00Z"))
                .externalId("2026-11-21/grace/cursor")
                .build();

        JsonNode json = json(row);

        assertThat(json.propertyNames())
                .containsExactly(
                        "sourceKey",
                        "sourceName",
                        "sourceKind",
                        "tool",
                        "category",
                        "employeeEmail",
                        "employeeName",
                        "teamName",
                        "provider",
                        "model",
                        "inputTokens",
                        "cachedInputTokens",
                        "outputTokens",
                        "costBasis",
                        "ts",
                        "costUsd",
                        "externalId");
        assertThat(json.get("costUsd").decimalValue()).isEqualByComparingTo("0.0183");
    }

    @Test
    void aBatchWrapsItsItemsInTheKindsField() {
        byte[] body = JsonBodies.batch(JsonBodies.Kind.ROWS, List.of("{\"a\":1}".getBytes(), "{\"b\":2}".getBytes()));
        assertThat(new String(body, StandardCharsets.UTF_8)).isEqualTo("{\"rows\":[{\"a\":1},{\"b\":2}]}");
    }

    @Test
    void buildRefusesAMissingRequiredFieldByName() {
        assertThatThrownBy(() -> ProductEvent.builder()
                        .provider("openai")
                        .model("m")
                        .promptTokens(1)
                        .costUsd("0")
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("outputTokens is required");
        assertThatThrownBy(() -> ProductEvent.builder()
                        .model("m")
                        .promptTokens(1)
                        .outputTokens(1)
                        .costUsd("0")
                        .build())
                .hasMessage("provider is required");
        assertThatThrownBy(() -> InternalUsageRow.builder()
                        .sourceKey("s")
                        .sourceKind("api")
                        .tool("t")
                        .inputTokens(1)
                        .outputTokens(1)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("employeeEmail is required");
    }

    @Test
    void buildRefusesAnIdentityWithOnlyOneHalf() {
        ProductEvent.Builder event = ProductEvent.builder()
                .provider("p")
                .model("m")
                .promptTokens(1)
                .outputTokens(1)
                .costUsd("0");
        assertThatThrownBy(() -> event.source("backend").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("externalId is required when source is given");
        assertThatThrownBy(() -> event.source(null).externalId("x").build())
                .hasMessage("source is required when externalId is given");
    }

    @Test
    void buildRefusesANegativeCostAndMetadataJsonCannotCarry() {
        ProductEvent.Builder event =
                ProductEvent.builder().provider("p").model("m").promptTokens(1).outputTokens(1);
        assertThatThrownBy(() -> event.costUsd("-0.01").build()).hasMessage("costUsd must not be negative");
        assertThatThrownBy(() -> event.costUsd("0")
                        .metadata(Map.of("when", Instant.EPOCH))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("metadata/when is a java.time.Instant");
    }

    @Test
    void metadataIsCopiedSoLaterChangesDoNotReachTheEvent() {
        Map<String, Object> metadata = new LinkedHashMap<>();
        List<Object> arms = new ArrayList<>(List.of("a"));
        metadata.put("arms", arms);
        ProductEvent event = ProductEvent.builder()
                .provider("p")
                .model("m")
                .promptTokens(1)
                .outputTokens(1)
                .costUsd("0")
                .metadata(metadata)
                .build();

        metadata.put("later", 1);
        arms.add("b");

        assertThat(event.metadata()).containsOnlyKeys("arms");
        assertThat(event.metadata().get("arms")).isEqualTo(List.of("a"));
    }

    @Test
    void retryAfterIsReadAsSecondsOrAnHttpDate() {
        assertThat(Sender.retryAfterNanos("2")).isEqualTo(2_000_000_000L);
        assertThat(Sender.retryAfterNanos(null)).isZero();
        assertThat(Sender.retryAfterNanos("soon")).isZero();
        assertThat(Sender.retryAfterNanos("Wed, 21 Oct 2015 07:28:00 GMT")).isZero(); // in the past
    }

    @Test
    void backoffIsFullJitterUnderTheDoublingCeiling() {
        long base = 200;
        long cap = 30_000;
        for (int attempt = 0; attempt < 70; attempt++) {
            long ceiling = Math.min(cap, attempt < 20 ? base << attempt : cap);
            long max = 0;
            for (int i = 0; i < 2_000; i++) {
                long delay = Sender.fullJitterNanos(attempt, base, cap);
                assertThat(delay).isBetween(0L, ceiling);
                max = Math.max(max, delay);
            }
            // Uniform over the whole range: the largest of 2,000 draws comes close to the ceiling.
            assertThat(max).isGreaterThan(ceiling * 9 / 10);
        }
    }
}
