package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import java.io.InputStream;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** The mapping from the real payloads captured from Claude Code 2.1.197 and Codex 0.169.0. */
class UsageMapperTest {

    private final UsageMapper mapper = new UsageMapper(new UsageMapper.Identity("ada@example.com", "Ada", "Platform"));

    static byte[] fixture(String name) throws Exception {
        try (InputStream in = UsageMapperTest.class.getResourceAsStream("/otlp/" + name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    static ExportLogsServiceRequest logs(String name) throws Exception {
        OtlpCodec.Encoding encoding = name.endsWith(".pb") ? OtlpCodec.Encoding.PROTOBUF : OtlpCodec.Encoding.JSON;
        return OtlpCodec.parse(encoding, fixture(name), ExportLogsServiceRequest.newBuilder())
                .build();
    }

    @Test
    void claudeCodeApiRequestBecomesOneReportedCostRow() throws Exception {
        for (String name : new String[] {"claude-code-2.1.197-logs.json", "claude-code-2.1.197-logs.pb"}) {
            UsageMapper.Result result = mapper.map(logs(name));
            assertThat(result.rows()).as(name).hasSize(1);
            assertThat(result.skipped()).isZero();
            ObjectNode row = result.rows().get(0);
            assertThat(row.get("sourceKind").asString()).isEqualTo("collector");
            assertThat(row.get("sourceKey").asString()).isEqualTo("spendline-collector");
            assertThat(row.get("tool").asString()).isEqualTo("claude_code");
            assertThat(row.get("category").asString()).isEqualTo("coding_agent");
            assertThat(row.get("provider").asString()).isEqualTo("anthropic");
            assertThat(row.get("model").asString()).isEqualTo("claude-opus-4-8");
            assertThat(row.get("employeeEmail").asString()).isEqualTo("ada@example.com");
            assertThat(row.get("employeeName").asString()).isEqualTo("Ada");
            assertThat(row.get("teamName").asString()).isEqualTo("Platform");
            // 1000 input + 200 cache read + 300 cache creation; 200 of them cached.
            assertThat(row.get("inputTokens").asLong()).isEqualTo(1500);
            assertThat(row.get("cachedInputTokens").asLong()).isEqualTo(200);
            assertThat(row.get("outputTokens").asLong()).isEqualTo(40);
            assertThat(row.get("costBasis").asString()).isEqualTo("reported");
            assertThat(row.get("costUsd").decimalValue()).isEqualByComparingTo(new BigDecimal("0.007975"));
            assertThat(row.get("externalId").asString()).isEqualTo("claude_code:req_011fake1");
            assertThat(row.get("ts").asString()).startsWith("2026-");
        }
    }

    @Test
    void codexResponseCompletedWithUsageBecomesOnePriceBookRow() throws Exception {
        for (String name : new String[] {"codex-0.169.0-logs.json", "codex-0.169.0-logs.pb"}) {
            UsageMapper.Result result = mapper.map(logs(name));
            assertThat(result.rows()).as(name).hasSize(1);
            ObjectNode row = result.rows().get(0);
            assertThat(row.get("tool").asString()).isEqualTo("codex");
            assertThat(row.get("provider").asString()).isEqualTo("openai");
            assertThat(row.get("model").asString()).isEqualTo("gpt-5.1-codex");
            assertThat(row.get("inputTokens").asLong()).isEqualTo(1200);
            assertThat(row.get("cachedInputTokens").asLong()).isEqualTo(200);
            assertThat(row.get("outputTokens").asLong()).isEqualTo(30);
            assertThat(row.get("costBasis").asString()).isEqualTo("price_book");
            assertThat(row.has("costUsd")).isFalse();
            assertThat(row.get("externalId").asString()).matches("codex:[0-9a-f]{32}");
            // observedTimeUnixNano, since timeUnixNano is 0.
            assertThat(row.get("ts").asString()).startsWith("2026-");
        }
    }

    @Test
    void theSameRecordAlwaysGetsTheSameExternalId() throws Exception {
        String first = mapper.map(logs("codex-0.169.0-logs.json"))
                .rows()
                .get(0)
                .get("externalId")
                .asString();
        String again = mapper.map(logs("codex-0.169.0-logs.json"))
                .rows()
                .get(0)
                .get("externalId")
                .asString();
        String otherRun = mapper.map(logs("codex-0.169.0-logs.pb"))
                .rows()
                .get(0)
                .get("externalId")
                .asString();
        assertThat(again).isEqualTo(first);
        assertThat(otherRun).isNotEqualTo(first);
    }

    @Test
    void aModelSuffixIsStrippedAndStringNumbersParsed() throws Exception {
        String json =
                """
                {"resourceLogs":[{"scopeLogs":[{"logRecords":[{
                  "timeUnixNano":"1795630742471000000",
                  "traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b174",
                  "body":{"stringValue":"claude_code.api_request"},
                  "attributes":[
                    {"key":"model","value":{"stringValue":"claude-sonnet-4-6[1m]"}},
                    {"key":"input_tokens","value":{"stringValue":"10"}},
                    {"key":"output_tokens","value":{"intValue":"5"}},
                    {"key":"cost_usd","value":{"stringValue":"0.25"}}]}]}]}]}
                """;
        ExportLogsServiceRequest request = OtlpCodec.parse(
                        OtlpCodec.Encoding.JSON, json.getBytes(), ExportLogsServiceRequest.newBuilder())
                .build();
        var record = request.getResourceLogs(0).getScopeLogs(0).getLogRecords(0);
        assertThat(record.getTraceId().toByteArray()).hasSize(16);
        assertThat(record.getSpanId().toByteArray()).hasSize(8);
        ObjectNode row = mapper.map(request).rows().get(0);
        assertThat(row.get("model").asString()).isEqualTo("claude-sonnet-4-6");
        assertThat(row.get("inputTokens").asLong()).isEqualTo(10);
        assertThat(row.get("cachedInputTokens").asLong()).isZero();
        assertThat(row.get("outputTokens").asLong()).isEqualTo(5);
        assertThat(row.get("externalId").asString()).startsWith("claude_code:");
    }

    @Test
    void aUsageRecordWithoutTokensIsSkippedAndCounted() throws Exception {
        String json =
                """
                {"resourceLogs":[{"scopeLogs":[{"logRecords":[{
                  "body":{"stringValue":"claude_code.api_request"},
                  "attributes":[{"key":"model","value":{"stringValue":"claude-opus-4-8"}}]}]}]}]}
                """;
        UsageMapper.Result result = mapper.map(
                OtlpCodec.parse(OtlpCodec.Encoding.JSON, json.getBytes(), ExportLogsServiceRequest.newBuilder())
                        .build());
        assertThat(result.rows()).isEmpty();
        assertThat(result.skipped()).isEqualTo(1);
    }
}
