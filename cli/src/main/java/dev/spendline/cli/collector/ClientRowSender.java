package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import dev.spendline.client.BearerCredentials;
import dev.spendline.client.DeliveryListener;
import dev.spendline.client.InternalUsageRow;
import dev.spendline.client.Item;
import dev.spendline.client.SpendlineClient;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sends spooled rows through {@code spendline-client}: its batching, timeouts, bounded retries with
 * backoff, and the 401-refresh-retry with the {@link CollectorSession}. The client's own buffer is
 * in memory; the spool in front of it is what survives a restart, so a row leaves the spool only
 * when the client's listener reports it delivered or rejected.
 */
final class ClientRowSender implements RowSender {

    static final Duration FLUSH_TIMEOUT = Duration.ofSeconds(90);

    private final SpendlineClient client;
    private final Map<String, String> outcomes = new ConcurrentHashMap<>();

    ClientRowSender(String baseUrl, BearerCredentials credentials) {
        this.client = SpendlineClient.builder(URI.create(baseUrl))
                .credentials(credentials)
                .bufferCapacity(Forwarder.BATCH_ROWS * 4)
                .batchSize(Forwarder.BATCH_ROWS)
                .linger(Duration.ofMillis(50))
                .requestTimeout(Duration.ofSeconds(10))
                .maxRetries(3)
                .backoff(Duration.ofMillis(500), Duration.ofSeconds(10))
                .listener(new DeliveryListener() {
                    @Override
                    public void delivered(List<? extends Item> items) {
                        items.forEach(item -> outcomes.put(item.externalId(), "delivered"));
                    }

                    @Override
                    public void rejected(List<? extends Item> items, int status, String problemJson) {
                        String reason = status + " " + summary(problemJson);
                        // 401 (still, after the client's refresh and retry), 408 and 429 are not
                        // about the rows: they stay in the spool for a later attempt.
                        String outcome = status == 401 || status == 408 || status == 429 ? "failed:" : "rejected:";
                        items.forEach(item -> outcomes.put(item.externalId(), outcome + reason));
                    }

                    @Override
                    public void failed(List<? extends Item> items, String reason) {
                        items.forEach(item -> outcomes.put(item.externalId(), "failed:" + reason));
                    }

                    @Override
                    public void dropped(Item item) {
                        outcomes.put(item.externalId(), "failed:dropped from the client's buffer");
                    }
                })
                .build();
    }

    @Override
    public Outcome send(List<ObjectNode> rows) {
        outcomes.clear();
        Set<String> ids = new HashSet<>();
        Map<String, String> rejected = new LinkedHashMap<>();
        for (ObjectNode row : rows) {
            String id = Json.text(row, "externalId");
            try {
                client.send(toRow(row));
                ids.add(id);
            } catch (RuntimeException e) {
                // A row the client itself refuses (a missing field) would be refused by the service too.
                rejected.put(id, "invalid row: " + e.getMessage());
            }
        }
        client.flush(FLUSH_TIMEOUT);
        Set<String> delivered = new HashSet<>();
        String failure = null;
        for (String id : ids) {
            String outcome = outcomes.get(id);
            if ("delivered".equals(outcome)) {
                delivered.add(id);
            } else if (outcome != null && outcome.startsWith("rejected:")) {
                rejected.put(id, outcome.substring("rejected:".length()));
            } else if (failure == null) {
                failure = outcome == null
                        ? "no answer within " + FLUSH_TIMEOUT.toSeconds() + " s"
                        : outcome.substring("failed:".length());
            }
        }
        return new Outcome(delivered, rejected, failure);
    }

    static InternalUsageRow toRow(JsonNode row) {
        InternalUsageRow.Builder builder = InternalUsageRow.builder()
                .sourceKey(Json.text(row, "sourceKey"))
                .sourceName(Json.text(row, "sourceName"))
                .sourceKind(Json.text(row, "sourceKind"))
                .tool(Json.text(row, "tool"))
                .category(Json.text(row, "category"))
                .employeeEmail(Json.text(row, "employeeEmail"))
                .employeeName(Json.text(row, "employeeName"))
                .teamName(Json.text(row, "teamName"))
                .provider(Json.text(row, "provider"))
                .model(Json.text(row, "model"))
                .inputTokens(row.path("inputTokens").asLong())
                .outputTokens(row.path("outputTokens").asLong())
                .costBasis(Json.text(row, "costBasis"))
                .externalId(Json.text(row, "externalId"));
        if (row.hasNonNull("cachedInputTokens")) {
            builder.cachedInputTokens(row.get("cachedInputTokens").asLong());
        }
        if (row.hasNonNull("costUsd")) {
            builder.costUsd(row.get("costUsd").decimalValue());
        }
        if (row.hasNonNull("ts")) {
            builder.ts(Instant.parse(row.get("ts").asString()));
        }
        return builder.build();
    }

    private static String summary(String problemJson) {
        JsonNode problem = Json.parseOrNull(problemJson);
        String detail = Json.text(problem, "detail");
        String code = Json.text(problem, "code");
        if (detail != null) {
            return (code != null ? code + ": " : "") + detail;
        }
        return problemJson == null ? "" : problemJson.length() > 200 ? problemJson.substring(0, 200) : problemJson;
    }

    @Override
    public void close() {
        client.close(Duration.ofSeconds(5));
    }
}
