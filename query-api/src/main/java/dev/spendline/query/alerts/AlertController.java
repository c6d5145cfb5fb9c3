package dev.spendline.query.alerts;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.plan.PlanGate;
import dev.spendline.query.problems.RequestBodies;
import dev.spendline.query.problems.WhenUnavailable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * Snoozes: {@code POST /api/v1/alerts/{id}/snooze} with {@code {"hours": 24, "reason": "..."}}
 * hides an open alert from {@code active_alerts} for that long (replacing an earlier snooze);
 * {@code DELETE} on the same path ends a snooze early. Snoozes live in the compacted snoozes
 * topic; the alerts list shows a change once the topology has read it (normally well under a
 * second). Both need the Team plan ({@link PlanGate}).
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 5,
        title = "Alerts are temporarily unavailable",
        detail = "Kafka or the alert data cannot be reached right now; nothing was changed. Retry shortly.")
final class AlertController {

    static final String PATH = "/api/v1/alerts/{id}/snooze";

    private final AlertSnoozing snoozing;

    AlertController(AlertSnoozing snoozing) {
        this.snoozing = snoozing;
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    AlertSnooze snooze(
            @AuthenticationPrincipal Principal principal,
            @PathVariable String id,
            @RequestBody(required = false) byte[] body) {
        PlanGate.requireWrites(principal);
        AlertSnoozing.SnoozeRequest request = AlertSnoozing.read(parse(body), Set.of());
        return snoozing.snooze(principal, openAlert(principal, id), request);
    }

    @DeleteMapping(PATH)
    ResponseEntity<Void> unsnooze(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        PlanGate.requireWrites(principal);
        snoozing.unsnooze(principal, openAlert(principal, id));
        return ResponseEntity.noContent().build();
    }

    private Alert openAlert(Principal principal, String id) {
        return snoozing.findOpen(principal.workspaceId(), id).orElseThrow(() -> unknown(id));
    }

    private static JsonNode parse(byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode node = RequestBodies.parse(body, errors);
        if (!errors.isEmpty()) {
            throw new InvalidSnoozeException(errors);
        }
        return node;
    }

    /** 404 {@code unknown_alert}. */
    private static ProblemException unknown(String id) {
        return new ProblemException(
                404, "unknown_alert", "Unknown alert", "No open alert " + id + " in this workspace");
    }
}
