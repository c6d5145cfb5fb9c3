package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** docs/schemas/webhook-event.schema.json names exactly the fields the payloads carry. */
class WebhookSchemaTest {

    static JsonNode schema() throws Exception {
        return Json.MAPPER.readTree(Files.readString(Path.of("..", "docs", "schemas", "webhook-event.schema.json")));
    }

    static Set<String> names(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.propertyNames().forEach(names::add);
        return names;
    }

    @Test
    void theTopLevelFieldsAreThoseOfASnoozeMessage() throws Exception {
        Alert alert = WebhookPayloadsTest.alert(AlertChange.OPENED, AlertSeverity.WARNING, WebhookPayloadsTest.OPENED);
        AlertSnooze snooze = new AlertSnooze(1, "ws_a", alert.id(), Instant.EPOCH, "r", Instant.EPOCH, "key_1");
        JsonNode body = Json.MAPPER.readTree(
                WebhookPayloads.snoozed("whe_1", alert, snooze, "u").body());

        assertThat(names(schema().get("properties"))).isEqualTo(names(body));
        assertThat(names(schema().at("/properties/snooze/properties"))).isEqualTo(names(body.get("snooze")));
        assertThat(schema().at("/properties/type/enum")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactlyInAnyOrder(
                        WebhookPayloads.OPENED,
                        WebhookPayloads.ESCALATED,
                        WebhookPayloads.RESOLVED,
                        WebhookPayloads.SNOOZED,
                        WebhookPayloads.TEST);
    }

    @Test
    void theAlertAndItsEvidenceAreTheTopicRecord() throws Exception {
        Set<String> components = Arrays.stream(Alert.class.getRecordComponents())
                .map(c -> c.getName())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(names(schema().at("/$defs/alert/properties"))).isEqualTo(components);

        JsonNode test = Json.MAPPER.readTree(
                WebhookPayloads.test("whe_1", "ws_a", Instant.EPOCH, "u").body());
        assertThat(names(schema().at("/$defs/evidence/properties"))).isEqualTo(names(test.at("/data/evidence")));
        assertThat(names(test.get("data"))).isEqualTo(components);
    }
}
