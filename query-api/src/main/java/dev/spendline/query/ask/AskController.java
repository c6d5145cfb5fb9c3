package dev.spendline.query.ask;

import dev.spendline.ask.AskAnswer;
import dev.spendline.ask.Asker;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.PublicAddress;
import dev.spendline.query.problems.WhenUnavailable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/ask}: a question in words, answered from exactly one read tool of the
 * caller's workspace (the workspace always comes from the API key). The body is read as bytes so
 * that every malformed body gets the same problem+json as the other endpoints.
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 2,
        title = "Ask is temporarily unavailable",
        detail = "The data for this workspace is moving between instances or still loading; retry shortly.")
final class AskController {

    private final Asker asker;
    private final PublicAddress properties;

    AskController(Asker asker, PublicAddress properties) {
        this.asker = asker;
        this.properties = properties;
    }

    @PostMapping("/api/v1/ask")
    AskAnswer ask(@AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        AskRequestReader.AskRequest request = AskRequestReader.request(body);
        return asker.ask(
                principal.workspaceId(),
                AskConfiguration.plan(principal),
                request.question(),
                properties.baseUrlOrRequest(),
                request.context());
    }
}
