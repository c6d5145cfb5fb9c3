package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.json.Json;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class WebhookPayloadsTest {

    static final Instant OPENED = Instant.parse("2026-11-20T16:40:11Z");

    static Alert alert(AlertChange change, AlertSeverity severity, Instant updatedAt) {
        return new Alert(
                1,
                "ws_a",
                "alr_9d3c0f6a1e2b4c5d6e7f8091",
                AlertType.BUDGET_THRESHOLD,
                severity,
                change == AlertChange.RESOLVED ? AlertStatus.RESOLVED : AlertStatus.OPEN,
                change,
                BudgetScope.FEATURE,
                "support-bot",
                OPENED,
                updatedAt,
                change == AlertChange.RESOLVED ? updatedAt : null,
                "Budget reached 80 %.",
                null);
    }

    @Test
    void eachChangeHasItsEventType() {
        assertThat(WebhookPayloads.eventType(alert(AlertChange.OPENED, AlertSeverity.INFO, OPENED)))
                .isEqualTo("alert.opened");
        assertThat(WebhookPayloads.eventType(alert(AlertChange.UPDATED, AlertSeverity.WARNING, OPENED)))
                .isEqualTo("alert.escalated");
        assertThat(WebhookPayloads.eventType(alert(AlertChange.RESOLVED, AlertSeverity.WARNING, OPENED)))
                .isEqualTo("alert.resolved");
    }

    @Test
    void theSameChangeForTheSameEndpointAlwaysHasTheSameId() {
        Alert opened = alert(AlertChange.OPENED, AlertSeverity.INFO, OPENED);
        String id = WebhookPayloads.alertChange("whe_1", opened, "u").webhookId();

        assertThat(id).matches("msg_[0-9a-f]{32}");
        assertThat(WebhookPayloads.alertChange("whe_1", opened, "u").webhookId())
                .isEqualTo(id);
        assertThat(WebhookPayloads.alertChange("whe_2", opened, "u").webhookId())
                .isNotEqualTo(id);
        assertThat(WebhookPayloads.alertChange(
                                "whe_1", alert(AlertChange.UPDATED, AlertSeverity.WARNING, OPENED.plusSeconds(5)), "u")
                        .webhookId())
                .isNotEqualTo(id);
    }

    @Test
    void theBodyIsTheAlertAsOnTheTopicWithTheWorkspaceAndALink() {
        Alert alert = alert(AlertChange.UPDATED, AlertSeverity.WARNING, OPENED.plusSeconds(60));
        JsonNode body = Json.MAPPER.readTree(
                WebhookPayloads.alertChange("whe_1", alert, "https://spendline.example.com/app/alerts")
                        .body());

        assertThat(body.get("type").asString()).isEqualTo("alert.escalated");
        assertThat(body.get("timestamp").asString()).isEqualTo("2026-11-20T16:41:11Z");
        assertThat(body.get("workspaceId").asString()).isEqualTo("ws_a");
        assertThat(body.get("dashboardUrl").asString()).isEqualTo("https://spendline.example.com/app/alerts");
        assertThat(body.get("data")).isEqualTo(Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(alert)));
        assertThat(body.has("snooze")).isFalse();
    }

    @Test
    void aSnoozeCarriesTheAlertAndTheSnooze() {
        Alert alert = alert(AlertChange.OPENED, AlertSeverity.WARNING, OPENED);
        AlertSnooze snooze = new AlertSnooze(
                1, "ws_a", alert.id(), OPENED.plusSeconds(3600), "launch day", OPENED.plusSeconds(10), "key_1");
        WebhookMessage message = WebhookPayloads.snoozed("whe_1", alert, snooze, "u");
        JsonNode body = Json.MAPPER.readTree(message.body());

        assertThat(message.eventType()).isEqualTo("alert.snoozed");
        assertThat(body.get("data").get("id").asString()).isEqualTo(alert.id());
        assertThat(body.get("snooze").get("reason").asString()).isEqualTo("launch day");
        assertThat(body.get("snooze").get("until").asString()).isEqualTo("2026-11-20T17:40:11Z");
        assertThat(WebhookPayloads.snoozed("whe_1", alert, snooze, "u").webhookId())
                .isEqualTo(message.webhookId());
    }
}
