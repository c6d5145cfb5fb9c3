package dev.spendline.query.webhooks;

import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.webhooks.WebhookAttempt;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/webhooks} with an API key (the API chain): {@code POST} creates an endpoint and answers
 * its secret once; {@code GET} lists them, {@code GET /{id}} shows one, {@code DELETE /{id}} removes one;
 * {@code POST /{id}/rotate-secret} makes a new secret (the old one signs too for 24 hours); {@code POST
 * /{id}/enable} resumes a disabled endpoint; {@code POST /{id}/test} sends a test event now; {@code GET
 * /{id}/attempts} is the delivery log. docs/webhooks.md.
 */
@RestController
final class WebhookController {

    static final String PATH = "/api/v1/webhooks";

    private final WebhookEndpoints endpoints;

    WebhookController(WebhookEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<WebhookView.WithSecret> create(
            @AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        WebhookView.WithSecret created = endpoints.create(principal.workspaceId(), body);
        return ResponseEntity.created(URI.create(PATH + "/" + created.webhook().id()))
                .cacheControl(CacheControl.noStore())
                .body(created);
    }

    @GetMapping(PATH)
    Map<String, List<WebhookView>> list(@AuthenticationPrincipal Principal principal) {
        return Map.of("webhooks", endpoints.list(principal.workspaceId()));
    }

    @GetMapping(PATH + "/{id}")
    WebhookView get(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        return endpoints.get(principal.workspaceId(), id);
    }

    @DeleteMapping(PATH + "/{id}")
    ResponseEntity<Void> delete(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        endpoints.delete(principal.workspaceId(), id);
        return ResponseEntity.noContent().build();
    }

    @PostMapping(PATH + "/{id}/rotate-secret")
    ResponseEntity<WebhookView.WithSecret> rotate(
            @AuthenticationPrincipal Principal principal, @PathVariable String id) {
        return ResponseEntity.ok()
                .cacheControl(CacheControl.noStore())
                .body(endpoints.rotate(principal.workspaceId(), id));
    }

    @PostMapping(PATH + "/{id}/enable")
    WebhookView enable(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        return endpoints.enable(principal.workspaceId(), id);
    }

    @PostMapping(PATH + "/{id}/test")
    WebhookEndpoints.TestResult test(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        return endpoints.sendTest(principal.workspaceId(), id);
    }

    @GetMapping(PATH + "/{id}/attempts")
    Map<String, List<WebhookAttempt>> attempts(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        return Map.of("attempts", endpoints.attempts(principal.workspaceId(), id));
    }
}
