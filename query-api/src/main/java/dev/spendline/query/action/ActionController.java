package dev.spendline.query.action;

import dev.spendline.controlplane.Principal;
import dev.spendline.query.problems.WhenUnavailable;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/ask/actions/prepare} (validate, change nothing, answer a summary, a token
 * and a phrase) and {@code POST /api/v1/ask/actions/confirm} (execute once, or return the stored
 * result). Team workspaces only. Rules and answers: docs/actions.md.
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 5,
        title = "Write actions are temporarily unavailable",
        detail = "Kafka or the workspace's data cannot be reached right now; nothing was changed. A prepared"
                + " action stays confirmable with the same token and phrase until it expires.")
final class ActionController {

    static final String PREPARE_PATH = "/api/v1/ask/actions/prepare";

    private final ActionService actions;

    ActionController(ActionService actions) {
        this.actions = actions;
    }

    @PostMapping(path = PREPARE_PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    ActionService.Prepared prepare(
            @AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        return actions.prepare(principal, body);
    }

    @PostMapping(path = ActionService.CONFIRM_PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    ActionService.Confirmation confirm(
            @AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        return actions.confirm(principal, body);
    }
}
