package dev.spendline.query.alerts;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertQueries;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.SnoozedAlert;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.topic.Topics;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.settings.SettingsWriter;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Snoozes: {@code POST /api/v1/alerts/{id}/snooze} with {@code {"hours": 24, "reason": "..."}}
 * hides an open alert from {@code active_alerts} for that long (replacing an earlier snooze);
 * {@code DELETE} on the same path ends a snooze early. Snoozes live in the compacted snoozes
 * topic; the alerts list shows a change once the topology has read it (normally well under a
 * second).
 */
@RestController
final class AlertController {

    static final String PATH = "/api/v1/alerts/{id}/snooze";
    private static final Set<String> FIELDS = Set.of("hours", "reason");
    private static final BigDecimal MAX_HOURS = BigDecimal.valueOf(AlertSnooze.MAX_SNOOZE.toHours());

    private final SettingsWriter writer;
    private final AlertQueries queries;
    private final Clock clock = Clock.systemUTC();

    AlertController(SettingsWriter writer, AlertQueries queries) {
        this.writer = writer;
        this.queries = queries;
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    AlertSnooze snooze(
            @AuthenticationPrincipal Principal principal,
            @PathVariable String id,
            @RequestBody(required = false) byte[] body) {
        SnoozeRequest request = read(body);
        Instant now = clock.instant();
        Alert alert = openAlert(principal.workspaceId(), id, now);
        // Whole milliseconds: hours may be fractional (0.5 = 30 minutes).
        long millis = request.hours().multiply(BigDecimal.valueOf(3_600_000)).longValue();
        AlertSnooze snooze = new AlertSnooze(
                AlertSnooze.SCHEMA_VERSION,
                principal.workspaceId(),
                alert.id(),
                now.plus(Duration.ofMillis(millis)),
                request.reason(),
                now,
                principal.keyId());
        writer.put(Topics.ALERT_SNOOZES, principal.workspaceId(), alert.key(), snooze);
        return snooze;
    }

    @DeleteMapping(PATH)
    ResponseEntity<Void> unsnooze(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        Alert alert = openAlert(principal.workspaceId(), id, clock.instant());
        writer.put(Topics.ALERT_SNOOZES, principal.workspaceId(), alert.key(), null);
        return ResponseEntity.noContent().build();
    }

    /** The open alert (active or snoozed) with this id in the workspace. */
    private Alert openAlert(String workspaceId, String id, Instant now) {
        ActiveAlertsReport report = queries.activeAlerts(new ActiveAlertsQuery(workspaceId, now));
        return Stream.concat(report.alerts().stream(), report.snoozed().stream().map(SnoozedAlert::alert))
                .filter(a -> a.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new UnknownAlertException(id));
    }

    record SnoozeRequest(BigDecimal hours, String reason) {}

    static SnoozeRequest read(byte[] body) {
        JsonNode node;
        try {
            node = body == null || body.length == 0 ? null : Json.MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw new InvalidSnoozeException(List.of(new FieldError("", "the body is not valid JSON")));
        }
        if (node == null || !node.isObject()) {
            throw new InvalidSnoozeException(List.of(new FieldError(
                    "", "the body must be a JSON object like {\"hours\": 24, \"reason\": \"known spike\"}")));
        }
        List<FieldError> errors = new ArrayList<>();
        for (String name : node.propertyNames()) {
            if (!FIELDS.contains(name)) {
                errors.add(new FieldError(
                        "/" + FieldError.escape(name), "is not a field; the fields are hours and reason"));
            }
        }
        BigDecimal hours = null;
        JsonNode hoursNode = node.get("hours");
        if (hoursNode == null || hoursNode.isNull()) {
            errors.add(new FieldError("/hours", "is required"));
        } else if (!hoursNode.isNumber()) {
            errors.add(new FieldError("/hours", "must be a number of hours, not text"));
        } else {
            hours = hoursNode.decimalValue();
            if (hours.signum() <= 0 || hours.compareTo(MAX_HOURS) > 0) {
                errors.add(new FieldError("/hours", "must be more than 0 and at most " + MAX_HOURS + " (30 days)"));
            }
        }
        String reason = null;
        JsonNode reasonNode = node.get("reason");
        if (reasonNode == null || reasonNode.isNull()) {
            errors.add(new FieldError("/reason", "is required: say why, for whoever sees the alert next"));
        } else if (!reasonNode.isString()) {
            errors.add(new FieldError("/reason", "must be a string"));
        } else {
            reason = reasonNode.stringValue();
            if (reason.isBlank() || reason.length() > AlertSnooze.MAX_REASON_LENGTH) {
                errors.add(new FieldError("/reason", "must be 1 to " + AlertSnooze.MAX_REASON_LENGTH + " characters"));
            } else if (reason.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n')) {
                errors.add(new FieldError("/reason", "must not contain control characters"));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidSnoozeException(errors);
        }
        return new SnoozeRequest(hours, reason);
    }
}
