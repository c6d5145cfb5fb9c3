package dev.spendline.topics;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.event.ProductEvents;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The accepted events whose JSON, as the events topic wrote it before the binary format (issue
 * #29), is kept byte for byte in {@code src/test/resources/events-v1}: every optional field absent
 * and present alone and all together, costs of every scale the gateway accepts (0 to 20) and at
 * the limits, instants with nanoseconds, unicode and the longest strings. Those files are the
 * records older versions left on the topic; every later reader must still read them.
 *
 * <p>Metadata is built with {@code Json.MAPPER}, as a reader of the topic builds it, so that a
 * case read back from its file equals the case.
 */
final class EventGoldenSet {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00Z");

    private EventGoldenSet() {}

    /** The cases by file name (without {@code .json}), in a fixed order. */
    static Map<String, AcceptedEvent> cases() {
        Map<String, AcceptedEvent> cases = new LinkedHashMap<>();
        cases.put("minimal", accepted(minimal()));
        cases.put("full", accepted(full()));
        put(cases, "only-source-and-externalId", e -> with(e, "source", "billing-importer", "externalId", "req_01HZX"));
        put(cases, "only-totalTokens", e -> with(e, "totalTokens", 1500L));
        put(cases, "only-cacheReadTokens", e -> with(e, "cacheReadTokens", 800L));
        put(cases, "only-cacheWriteTokens", e -> with(e, "cacheWriteTokens", 100L));
        put(cases, "only-latencyMs", e -> with(e, "latencyMs", 1830L));
        put(cases, "only-status-success", e -> with(e, "status", ProductEvent.STATUS_SUCCESS));
        put(cases, "only-status-error", e -> with(e, "status", ProductEvent.STATUS_ERROR));
        put(cases, "only-feature", e -> with(e, "feature", "/api/summarize"));
        put(cases, "only-tenantId", e -> with(e, "tenantId", "acme-corp"));
        put(cases, "only-userId", e -> with(e, "userId", "user-17"));
        put(cases, "only-agentId", e -> with(e, "agentId", "support-agent"));
        put(cases, "only-workflowId", e -> with(e, "workflowId", "ticket-triage"));
        put(cases, "only-runId", e -> with(e, "runId", "run-9001"));
        put(cases, "only-stepId", e -> with(e, "stepId", "classify"));
        put(cases, "only-toolName", e -> with(e, "toolName", "search_kb"));
        put(cases, "only-retryCount", e -> with(e, "retryCount", 2L));
        put(cases, "only-outcome", e -> with(e, "outcome", "resolved"));
        put(cases, "only-metadata", e -> with(e, "metadata", "{\"region\":\"eu-west-1\"}"));
        put(cases, "metadata-empty", e -> with(e, "metadata", "{}"));
        put(
                cases,
                "metadata-nested",
                e -> with(
                        e,
                        "metadata",
                        "{\"weights\":[0.25,1,-3,1.50,1e-7,12345678901234567890],\"nested\":{\"ok\":true,\"none\":null,"
                                + "\"deeper\":{\"list\":[\"a\",{\"b\":2}]}},\"text\":\"line one\\nline\\ttwo \\\"quoted\\\"\","
                                + "\"unicode\":\"Zürich 東京 \uD83D\uDE80\",\"k\\u00e9y\":false}"));
        for (int scale = 0; scale <= 20; scale++) {
            BigInteger unscaled = BigInteger.valueOf(1_234_567L).add(BigInteger.valueOf(scale));
            BigDecimal cost = new BigDecimal(unscaled, scale);
            put(cases, "cost-scale-%02d".formatted(scale), e -> with(e, "costUsd", cost));
        }
        put(cases, "cost-zero", e -> with(e, "costUsd", new BigDecimal("0")));
        put(cases, "cost-zero-scale-9", e -> with(e, "costUsd", new BigDecimal("0E-9")));
        put(cases, "cost-zero-scale-20", e -> with(e, "costUsd", new BigDecimal("0E-20")));
        put(cases, "cost-tiny", e -> with(e, "costUsd", new BigDecimal("1E-20")));
        put(cases, "cost-max", e -> with(e, "costUsd", new BigDecimal("100000")));
        put(cases, "cost-max-scale-20", e -> with(e, "costUsd", new BigDecimal("100000.00000000000000000000")));
        put(cases, "cost-most-digits", e -> with(e, "costUsd", new BigDecimal("99999.99999999999999999999")));
        put(cases, "cost-negative-scale", e -> with(e, "costUsd", new BigDecimal("1E+5")));
        put(cases, "cost-trailing-zeros", e -> with(e, "costUsd", new BigDecimal("12.340000")));
        put(cases, "cost-double-printed", e -> with(e, "costUsd", new BigDecimal("0.30000000000000004")));
        put(cases, "ts-nanos", e -> with(e, "ts", Instant.parse("2026-11-22T09:59:58.123456789Z")));
        put(cases, "ts-one-nano", e -> with(e, "ts", Instant.parse("2026-11-22T09:59:58.000000001Z")));
        put(cases, "ts-micros", e -> with(e, "ts", Instant.parse("2026-11-22T09:59:58.123456Z")));
        put(cases, "ts-millis", e -> with(e, "ts", Instant.parse("2026-11-22T09:59:58.250Z")));
        put(cases, "ts-earliest", e -> with(e, "ts", Instant.parse("2015-01-01T00:00:00Z")));
        cases.put(
                "received-at-nanos",
                new AcceptedEvent(
                        AcceptedEvent.SCHEMA_VERSION, "ws-1", Instant.parse("2026-11-22T10:00:00.999999999Z"), full()));
        put(
                cases,
                "unicode",
                e -> with(
                        with(
                                with(e, "provider", "prövider-ñ", "model", "模型-\uD83E\uDD16-v2"),
                                "feature",
                                "/api/résumé/Ω",
                                "tenantId",
                                "tenant-日本語"),
                        "userId",
                        "\uD83D\uDC69\u200D\uD83D\uDCBB",
                        "outcome",
                        "ok-✓"));
        put(
                cases,
                "longest-strings",
                e -> with(
                        with(
                                with(e, "provider", "p".repeat(128), "model", "m".repeat(128)),
                                "source",
                                "s".repeat(128),
                                "externalId",
                                "x".repeat(256)),
                        "feature",
                        "é".repeat(256),
                        "outcome",
                        "\uD83D\uDE80".repeat(64)));
        put(cases, "largest-counts", e -> largestCounts());
        put(cases, "zero-counts", e -> zeroCounts());
        cases.put(
                "workspace-unicode", new AcceptedEvent(AcceptedEvent.SCHEMA_VERSION, "ws_ä-1", RECEIVED_AT, minimal()));
        return cases;
    }

    private static void put(Map<String, AcceptedEvent> cases, String name, UnaryOperator<ProductEvent> change) {
        cases.put(name, accepted(change.apply(minimal())));
    }

    static ProductEvent minimal() {
        return ProductEvents.minimal(RECEIVED_AT);
    }

    static ProductEvent full() {
        return ProductEvents.full();
    }

    static ProductEvent with(ProductEvent e, Object... namesAndValues) {
        return ProductEvents.with(e, namesAndValues);
    }

    static AcceptedEvent accepted(ProductEvent event) {
        return new AcceptedEvent(AcceptedEvent.SCHEMA_VERSION, "ws-1", RECEIVED_AT, event);
    }

    private static ProductEvent largestCounts() {
        return new ProductEvent(
                "openai",
                "gpt-5",
                1_000_000_000L,
                1_000_000_000L,
                new BigDecimal("100000"),
                "s",
                "x",
                RECEIVED_AT.plusSeconds(24 * 3600),
                2_000_000_000L,
                600_000_000L,
                400_000_000L,
                86_400_000L,
                ProductEvent.STATUS_ERROR,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                1_000L,
                null,
                null);
    }

    private static ProductEvent zeroCounts() {
        return new ProductEvent(
                "openai",
                "gpt-5",
                0,
                0,
                BigDecimal.ZERO,
                null,
                null,
                RECEIVED_AT,
                0L,
                0L,
                0L,
                0L,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                0L,
                null,
                null);
    }
}
