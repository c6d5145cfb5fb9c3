package dev.spendline.query.webhooks;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.alert.BudgetEvidence;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The messages (docs/webhooks.md, schema docs/schemas/webhook-event.schema.json): {@code type} (what
 * happened), {@code timestamp} (when), {@code workspaceId}, {@code dashboardUrl} and {@code data}, the
 * alert exactly as on {@code spendline.alerts.v1}; a snooze adds {@code snooze}. The message id is derived
 * from the endpoint and the change, so a change read again after a restart, and every retry, carries the
 * same {@code webhook-id}.
 */
final class WebhookPayloads {

    static final String OPENED = "alert.opened";
    static final String ESCALATED = "alert.escalated";
    static final String RESOLVED = "alert.resolved";
    static final String SNOOZED = "alert.snoozed";
    static final String TEST = "webhook.test";

    private WebhookPayloads() {}

    /**
     * The event of an alert record: {@code OPENED} opens it, {@code UPDATED} is published only when a
     * budget alert reaches a higher threshold (a higher severity), {@code RESOLVED} resolves it.
     */
    static String eventType(Alert alert) {
        AlertChange change = alert.lastChange() == null ? AlertChange.UPDATED : alert.lastChange();
        return switch (change) {
            case OPENED -> OPENED;
            case UPDATED -> ESCALATED;
            case RESOLVED -> RESOLVED;
        };
    }

    static WebhookMessage alertChange(String endpointId, Alert alert, String dashboardUrl) {
        String type = eventType(alert);
        String change = alert.id() + '\u0000' + type + '\u0000' + alert.severity() + '\u0000' + alert.updatedAt();
        return new WebhookMessage(
                messageId(endpointId, change), type, body(type, alert.updatedAt(), alert, null, dashboardUrl));
    }

    static WebhookMessage snoozed(String endpointId, Alert alert, AlertSnooze snooze, String dashboardUrl) {
        String change = alert.id() + '\u0000' + SNOOZED + '\u0000' + snooze.createdAt() + '\u0000' + snooze.until();
        return new WebhookMessage(
                messageId(endpointId, change), SNOOZED, body(SNOOZED, snooze.createdAt(), alert, snooze, dashboardUrl));
    }

    /** A made-up alert in the real shape, so a receiver can test its parsing as well as its verification. */
    static WebhookMessage test(String endpointId, String workspaceId, Instant now, String dashboardUrl) {
        Alert sample = new Alert(
                Alert.SCHEMA_VERSION,
                workspaceId,
                "alr_000000000000000000000000",
                AlertType.BUDGET_THRESHOLD,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                now,
                now,
                null,
                "This is a test event from Spendline: no budget was crossed.",
                new BudgetEvidence(
                        "bud_test",
                        "Test budget",
                        new BigDecimal("100"),
                        new BigDecimal("80.00"),
                        new BigDecimal("80.0"),
                        null,
                        80,
                        now,
                        now.plusSeconds(3600)));
        return new WebhookMessage(
                messageId(endpointId, "test\u0000" + now + '\u0000' + System.nanoTime()),
                TEST,
                body(TEST, now, sample, null, dashboardUrl));
    }

    private static byte[] body(String type, Instant at, Alert alert, AlertSnooze snooze, String dashboardUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("timestamp", at);
        body.put("workspaceId", alert.workspaceId());
        body.put("dashboardUrl", dashboardUrl);
        body.put("data", alert);
        if (snooze != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("until", snooze.until());
            s.put("reason", snooze.reason());
            s.put("createdAt", snooze.createdAt());
            s.put("createdBy", snooze.createdBy());
            body.put("snooze", s);
        }
        return Json.MAPPER.writeValueAsBytes(body);
    }

    /** {@code msg_} and 32 hex digits of SHA-256(endpoint, change). */
    static String messageId(String endpointId, String change) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((endpointId + '\u0000' + change).getBytes(StandardCharsets.UTF_8));
            return "msg_" + HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
