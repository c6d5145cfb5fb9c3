package dev.spendline.query.settings.web;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.signin.WorkspaceAuthentication;
import dev.spendline.query.webhooks.WebhookEndpoints;
import dev.spendline.query.webhooks.WebhookView;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /app/settings/webhooks}: the workspace's webhook endpoints, for owners and admins only (a URL can
 * carry a receiver's token, and the log tells what the receiver answered). Add (the signing secret is on
 * the answer page only), delete, rotate the secret, send a test event, enable a disabled endpoint, and
 * {@code /app/settings/webhooks/{id}}: the delivery log. An id of another workspace is not found.
 */
@Controller
final class WebhooksController {

    static final String PATH = "/app/settings/webhooks";

    private final WebhookEndpoints endpoints;

    WebhooksController(WebhookEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @GetMapping(PATH)
    String list(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            Model model) {
        PageRefusal.requireManager(viewer);
        return page(principal, model);
    }

    @PostMapping(PATH)
    String create(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "") String url,
            @RequestParam(name = "alertTypes", required = false) List<String> types,
            @RequestParam(name = "severities", required = false) List<String> severities,
            Model model,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        WebhookView.WithSecret created;
        try {
            created = endpoints.create(principal.workspaceId(), url, types, severities);
        } catch (ProblemException e) {
            response.setStatus(e.status());
            model.addAttribute("url", url);
            model.addAttribute(
                    "problems",
                    e.errors().isEmpty()
                            ? List.of(e.getMessage())
                            : e.errors().stream().map(FieldError::message).toList());
            return page(principal, model);
        }
        return secretPage(created, "created", model, response);
    }

    @GetMapping(PATH + "/{id}")
    String log(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String id,
            Model model) {
        PageRefusal.requireManager(viewer);
        model.addAttribute("webhook", found(() -> endpoints.get(principal.workspaceId(), id)));
        model.addAttribute("attempts", endpoints.attempts(principal.workspaceId(), id));
        return "settings/webhook-log";
    }

    @PostMapping(PATH + "/{id}/rotate")
    String rotate(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String id,
            Model model,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        return secretPage(found(() -> endpoints.rotate(principal.workspaceId(), id)), "rotated", model, response);
    }

    @PostMapping(PATH + "/{id}/test")
    String test(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String id,
            RedirectAttributes redirect) {
        PageRefusal.requireManager(viewer);
        WebhookEndpoints.TestResult result = found(() -> endpoints.sendTest(principal.workspaceId(), id));
        redirect.addFlashAttribute(
                "notice",
                result.delivered()
                        ? "Test event " + result.webhookId() + " delivered: HTTP " + result.status() + " in "
                                + result.latencyMs() + " ms."
                        : "Test event " + result.webhookId() + " not delivered: " + result.detail() + ".");
        return "redirect:" + PATH + "/" + id;
    }

    @PostMapping(PATH + "/{id}/enable")
    String enable(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String id,
            RedirectAttributes redirect) {
        PageRefusal.requireManager(viewer);
        WebhookView view = found(() -> endpoints.enable(principal.workspaceId(), id));
        redirect.addFlashAttribute("notice", "Deliveries to " + view.url() + " resume with the next alert change.");
        return "redirect:" + PATH;
    }

    @PostMapping(PATH + "/{id}/delete")
    String delete(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String id,
            RedirectAttributes redirect) {
        PageRefusal.requireManager(viewer);
        found(() -> {
            endpoints.delete(principal.workspaceId(), id);
            return null;
        });
        redirect.addFlashAttribute("notice", "Deleted webhook " + id + "; nothing more is sent to it.");
        return "redirect:" + PATH;
    }

    private String page(Principal principal, Model model) {
        List<WebhookView> list = endpoints.list(principal.workspaceId());
        model.addAttribute("webhooks", list);
        model.addAttribute("disabled", list.stream().filter(w -> !w.enabled()).toList());
        model.addAttribute("alertTypes", List.of(AlertType.values()));
        model.addAttribute("severities", List.of(AlertSeverity.values()));
        return "settings/webhooks";
    }

    /** Rendered, not redirected, with no-store: the secret is never in a session, flash attribute or cache. */
    private static String secretPage(
            WebhookView.WithSecret created, String what, Model model, HttpServletResponse response) {
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        model.addAttribute("created", created);
        model.addAttribute("what", what);
        return "settings/webhook-secret";
    }

    /** An unknown id (or one of another workspace) is the settings pages' 404 page. */
    private static <T> T found(Supplier<T> action) {
        try {
            return action.get();
        } catch (ProblemException e) {
            if (e.status() == 404) {
                throw PageRefusal.notFound("webhook endpoint");
            }
            throw e;
        }
    }
}
