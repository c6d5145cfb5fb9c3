package dev.spendline.query.alerts;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.SnoozedAlert;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Snoozing an alert: the one code path behind {@code POST /api/v1/alerts/{id}/snooze} and the
 * {@code snooze_alert} write action, so both validate and store snoozes identically.
 */
public final class AlertSnoozing {

    private static final List<String> FIELDS = List.of("hours", "reason");
    private static final BigDecimal MAX_HOURS = BigDecimal.valueOf(AlertSnooze.MAX_SNOOZE.toHours());

    private final SettingsWriter writer;
    private final Queries queries;
    private final Clock clock;

    AlertSnoozing(SettingsWriter writer, Queries queries, Clock clock) {
        this.clock = clock;
        this.writer = writer;
        this.queries = queries;
    }

    /**
     * A valid snooze request.
     *
     * @param hours more than 0, at most 720 (30 days); fractions allowed (0.5 = 30 minutes)
     */
    public record SnoozeRequest(BigDecimal hours, String reason) {}

    /** The open alert (active or snoozed) with this id in the workspace, now. */
    public Optional<Alert> findOpen(String workspaceId, String alertId) {
        ActiveAlertsReport report =
                queries.answer(QueryType.ACTIVE_ALERTS, ActiveAlertsQuery.all(workspaceId, clock.instant()));
        return Stream.concat(report.alerts().stream(), report.snoozed().stream().map(SnoozedAlert::alert))
                .filter(a -> a.id().equals(alertId))
                .findFirst();
    }

    /**
     * Hides {@code alert} from {@code active_alerts} for the request's hours from now, replacing an
     * earlier snooze (same key in the compacted snoozes topic, so a retry is harmless).
     *
     * @throws dev.spendline.query.settings.SettingsUnavailableException when Kafka does not acknowledge
     */
    public AlertSnooze snooze(Principal principal, Alert alert, SnoozeRequest request) {
        Instant now = clock.instant();
        // Whole milliseconds: hours may be fractional (0.5 = 30 minutes).
        long millis = request.hours().multiply(BigDecimal.valueOf(3_600_000)).longValue();
        AlertSnooze snooze = new AlertSnooze(
                AlertSnooze.SCHEMA_VERSION,
                principal.workspaceId(),
                alert.id(),
                now.plus(Duration.ofMillis(millis)),
                request.reason(),
                now,
                principal.credential().id());
        writer.put(Topics.ALERT_SNOOZES, principal.workspaceId(), alert.key(), snooze);
        return snooze;
    }

    /** Ends a snooze early (a tombstone for the alert's key). */
    void unsnooze(Principal principal, Alert alert) {
        writer.put(Topics.ALERT_SNOOZES, principal.workspaceId(), alert.key(), null);
    }

    /**
     * Reads a snooze request (a JSON object) strictly: {@code hours} and {@code reason}, both
     * required, every problem listed with a JSON Pointer.
     *
     * @param otherFields fields the caller reads itself, not reported as unknown
     * @throws InvalidSnoozeException listing every problem
     */
    public static SnoozeRequest read(JsonNode node, Set<String> otherFields) {
        if (node == null || !node.isObject()) {
            throw new InvalidSnoozeException(List.of(new FieldError(
                    "", "the body must be a JSON object like {\"hours\": 24, \"reason\": \"known spike\"}")));
        }
        List<FieldError> errors = new ArrayList<>();
        errors.addAll(FieldError.unknownFields(
                node, Stream.concat(FIELDS.stream(), otherFields.stream()).toList()));
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
