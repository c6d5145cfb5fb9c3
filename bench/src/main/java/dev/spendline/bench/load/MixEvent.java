package dev.spendline.bench.load;

import dev.spendline.contracts.event.ProductEvent;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * One generated call, with exactly the fields a sender would report. {@code costNanos} is exact,
 * so the ledger sums costs without rounding; the JSON carries it as a decimal USD amount.
 *
 * @param resend true when this repeats an earlier event's identity (it must count once)
 */
public record MixEvent(
        String externalId,
        String provider,
        String model,
        long promptTokens,
        long outputTokens,
        long costNanos,
        Instant ts,
        Long cacheReadTokens,
        Long cacheWriteTokens,
        Long latencyMs,
        String status,
        String feature,
        String tenantId,
        String userId,
        String agentId,
        String workflowId,
        String runId,
        String stepId,
        String toolName,
        Long retryCount,
        String outcome,
        boolean resend) {

    MixEvent asResend() {
        return new MixEvent(
                externalId,
                provider,
                model,
                promptTokens,
                outputTokens,
                costNanos,
                ts,
                cacheReadTokens,
                cacheWriteTokens,
                latencyMs,
                status,
                feature,
                tenantId,
                userId,
                agentId,
                workflowId,
                runId,
                stepId,
                toolName,
                retryCount,
                outcome,
                true);
    }

    public BigDecimal costUsd() {
        return BigDecimal.valueOf(costNanos, 9);
    }

    /** The event as the spec's JSON object, absent fields left out; written by hand for speed. */
    public void appendJson(StringBuilder json) {
        json.append("{\"provider\":\"")
                .append(provider)
                .append("\",\"model\":\"")
                .append(model);
        json.append("\",\"promptTokens\":").append(promptTokens);
        json.append(",\"outputTokens\":").append(outputTokens);
        json.append(",\"costUsd\":").append(costUsd().toPlainString());
        json.append(",\"source\":\"" + EventMix.SOURCE + "\",\"externalId\":\"")
                .append(externalId)
                .append('"');
        if (ts != null) {
            json.append(",\"ts\":\"").append(ts).append('"');
        }
        field(json, "cacheReadTokens", cacheReadTokens);
        field(json, "cacheWriteTokens", cacheWriteTokens);
        field(json, "latencyMs", latencyMs);
        field(json, "status", status);
        field(json, "feature", feature);
        field(json, "tenantId", tenantId);
        field(json, "userId", userId);
        field(json, "agentId", agentId);
        field(json, "workflowId", workflowId);
        field(json, "runId", runId);
        field(json, "stepId", stepId);
        field(json, "toolName", toolName);
        field(json, "retryCount", retryCount);
        field(json, "outcome", outcome);
        json.append('}');
    }

    public String json() {
        StringBuilder json = new StringBuilder(512);
        appendJson(json);
        return json.toString();
    }

    /** The validated form the gateway would put on the topic (for loading Kafka directly). */
    public ProductEvent toProductEvent(Instant receivedAt) {
        return toProductEvent(receivedAt, true);
    }

    /**
     * @param costKnown false: sent with {@code costUsd} 0, as an OpenTelemetry span without a cost
     *     is, so that the server prices it from its book
     */
    public ProductEvent toProductEvent(Instant receivedAt, boolean costKnown) {
        return new ProductEvent(
                provider,
                model,
                promptTokens,
                outputTokens,
                costKnown ? costUsd() : java.math.BigDecimal.ZERO,
                EventMix.SOURCE,
                externalId,
                ts == null ? receivedAt : ts,
                null,
                cacheReadTokens,
                cacheWriteTokens,
                latencyMs,
                status,
                feature,
                tenantId,
                userId,
                agentId,
                workflowId,
                runId,
                stepId,
                toolName,
                retryCount,
                outcome,
                null);
    }

    private static void field(StringBuilder json, String name, Object value) {
        if (value == null) {
            return;
        }
        json.append(",\"").append(name).append("\":");
        if (value instanceof String s) {
            json.append('"').append(s).append('"');
        } else {
            json.append(value);
        }
    }
}
