package dev.spendline.query.settings.web;

import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.keys.ApiKey;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.signin.WorkspaceAuthentication;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
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
 * {@code /app/settings/keys}: the workspace's API keys. A new key's secret is shown on the page that
 * answers its creation and nowhere else (only its hash is stored); afterwards the list shows its
 * prefix. Owners and admins create and revoke; a key id of another workspace is not found.
 */
@Controller
final class ApiKeysController {

    static final String PATH = "/app/settings/keys";

    private final ApiKeyRepository keys;

    ApiKeysController(ApiKeyRepository keys) {
        this.keys = keys;
    }

    @GetMapping(path = PATH, params = "!" + CsvExport.PARAMETER)
    String list(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            Model model) {
        return page(principal, viewer, model);
    }

    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(@AuthenticationPrincipal Principal principal) {
        List<List<?>> rows = new ArrayList<>();
        for (ApiKey key : keys.listForWorkspace(principal.workspaceId())) {
            rows.add(List.of(
                    key.id(),
                    key.name(),
                    key.prefix(),
                    key.createdAt().toString(),
                    key.lastUsedAt() == null ? "" : key.lastUsedAt().toString(),
                    key.revokedAt() == null ? "" : key.revokedAt().toString()));
        }
        return CsvExport.of("api-keys", List.of("id", "name", "prefix", "createdAt", "lastUsedAt", "revokedAt"), rows);
    }

    @PostMapping(PATH)
    String create(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "") String name,
            Model model,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        IssuedApiKey issued;
        try {
            issued = keys.issue(principal.workspaceId(), name.strip());
        } catch (IllegalArgumentException e) {
            response.setStatus(400);
            model.addAttribute("name", name);
            model.addAttribute("nameError", "The " + e.getMessage() + ".");
            return page(principal, viewer, model);
        }
        // Rendered, not redirected: the secret must not survive in a flash attribute, the session or a
        // cache. A reload asks to resend the form, which makes another key rather than showing this one.
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        model.addAttribute("issued", issued);
        return "settings/key-created";
    }

    @PostMapping(PATH + "/{keyId}/revoke")
    String revoke(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String keyId,
            RedirectAttributes redirect) {
        PageRefusal.requireManager(viewer);
        if (!keys.revokeInWorkspace(principal.workspaceId(), keyId)) {
            throw PageRefusal.notFound("API key");
        }
        redirect.addFlashAttribute(
                "notice",
                "Revoked " + keyId
                        + ". Requests with it are refused within the key cache time (30 seconds by default).");
        return "redirect:" + PATH;
    }

    private String page(Principal principal, WorkspaceAuthentication viewer, Model model) {
        model.addAttribute("keys", keys.listForWorkspace(principal.workspaceId()));
        model.addAttribute("canManage", viewer != null && viewer.manages());
        return "settings/keys";
    }
}
