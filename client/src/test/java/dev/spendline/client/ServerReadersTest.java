package dev.spendline.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.usage.InternalUsageReader;
import dev.spendline.contracts.validation.FieldError;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What the client writes, read by the server's own readers (the code behind {@code /api/v1/events}
 * and {@code /api/v1/internal-usage}): every field is known to the server (it refuses unknown ones)
 * and comes back with the value the application gave.
 */
class ServerReadersTest {

    private static final Instant RECEIVED = Instant.parse("2026-11-25T12:00:00Z");

    private static JsonNode written(Item item) {
        // The server's own mapper: decimals stay BigDecimal, as the gateway reads them.
        return Json.MAPPER.readTree(new String(JsonBodies.item(item), StandardCharsets.UTF_8));
    }

    @Test
    void theServerReadsEveryFieldOfAnEventAsGiven() {
        ProductEvent sent = ProductEvent.builder()
                .provider("anthropic")
                .model("claude-sonnet-4-5")
                .promptTokens(1200)
                .outputTokens(300)
                .totalTokens(1500L)
                .cacheReadTokens(800L)
                .cacheWriteTokens(100L)
                .costUsd(new BigDecimal("0.00427500000000000001"))
                .identity("support-backend", "req_01HZXK3P9")
                .ts(Instant.parse("2026-11-22T09:59:58.250Z"))
                .latencyMs(1830L)
                .status(ProductEvent.ERROR)
                .feature("ticket-summary")
                .tenantId("acme-corp")
                .userId("u-1")
                .agentId("triage")
                .workflowId("ticket-triage")
                .runId("run-9001")
                .stepId("summarize")
                .toolName("search")
                .retryCount(2)
                .outcome("escalated")
                .metadata(Map.of("region", "eu-west-1", "experiment", Map.of("arm", "b"), "ratio", 0.5))
                .build();
        List<FieldError> errors = new ArrayList<>();

        var read = ProductEventReader.read(written(sent), "", RECEIVED, errors);

        assertThat(errors).isEmpty();
        assertThat(read.costUsd()).isEqualTo(sent.costUsd()); // the same digits, not merely equal in value
        assertThat(read.ts()).isEqualTo(sent.ts());
        assertThat(read.retryCount()).isEqualTo(2L);
        assertThat(read.metadata().get("experiment").get("arm").asString()).isEqualTo("b");
        assertThat(List.of(
                        read.provider(),
                        read.model(),
                        read.source(),
                        read.externalId(),
                        read.status(),
                        read.feature(),
                        read.tenantId(),
                        read.userId(),
                        read.agentId(),
                        read.workflowId(),
                        read.runId(),
                        read.stepId(),
                        read.toolName(),
                        read.outcome()))
                .isEqualTo(List.of(
                        sent.provider(),
                        sent.model(),
                        sent.source(),
                        sent.externalId(),
                        sent.status(),
                        sent.feature(),
                        sent.tenantId(),
                        sent.userId(),
                        sent.agentId(),
                        sent.workflowId(),
                        sent.runId(),
                        sent.stepId(),
                        sent.toolName(),
                        sent.outcome()));
        assertThat(List.of(
                        read.promptTokens(),
                        read.outputTokens(),
                        read.totalTokens(),
                        read.cacheReadTokens(),
                        read.cacheWriteTokens(),
                        read.latencyMs()))
                .isEqualTo(List.of(1200L, 300L, 1500L, 800L, 100L, 1830L));
    }

    @Test
    void theServerReadsEveryFieldOfARowAsGiven() {
        InternalUsageRow sent = InternalUsageRow.builder()
                .sourceKey("cursor-admin-export")
                .sourceName("Cursor admin export")
                .sourceKind(InternalUsageRow.KIND_BILLING_EXPORT)
                .tool("cursor")
                .category(InternalUsageRow.CATEGORY_CODING_AGENT)
                .employeeEmail("grace.hopper@example.com")
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
        List<FieldError> errors = new ArrayList<>();

        var read = InternalUsageReader.read(written(sent), "", RECEIVED, errors);

        assertThat(errors).isEmpty();
        assertThat(read)
                .isEqualTo(new dev.spendline.contracts.usage.InternalUsageRow(
                        sent.sourceKey(),
                        sent.sourceName(),
                        sent.sourceKind(),
                        sent.tool(),
                        sent.category(),
                        sent.employeeEmail(),
                        sent.employeeName(),
                        sent.teamName(),
                        sent.provider(),
                        sent.model(),
                        5000,
                        4000,
                        700,
                        sent.costBasis(),
                        sent.ts(),
                        sent.costUsd(),
                        sent.externalId()));
    }

    @Test
    void theServerStillJudgesWhatTheClientLeavesToIt() {
        // The client builds this (its checks are only what can never be sent); the server refuses it.
        InternalUsageRow sent = InternalUsageRow.builder()
                .sourceKey("laptop")
                .sourceKind("laptop")
                .tool("Claude Code")
                .employeeEmail("not-an-email")
                .inputTokens(1)
                .outputTokens(1)
                .build();
        List<FieldError> errors = new ArrayList<>();

        InternalUsageReader.read(written(sent), "/rows/0", RECEIVED, errors);

        assertThat(errors)
                .extracting(FieldError::pointer)
                .contains("/rows/0/sourceKind", "/rows/0/tool", "/rows/0/employeeEmail");
    }
}
