package dev.spendline.query.settings.web;

import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.query.signin.WorkspaceAuthentication;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /app/settings/grants}: the OAuth grants MCP clients hold for this workspace — which client,
 * authorized by whom, when, last used when. Every member sees them; owners and admins revoke them,
 * and a revoked grant's tokens are refused at their next request. A grant id of another workspace
 * is not found.
 */
@Controller
final class OAuthGrantsController {

    static final String PATH = "/app/settings/grants";

    private final OAuthGrantRepository grants;

    OAuthGrantsController(OAuthGrantRepository grants) {
        this.grants = grants;
    }

    @GetMapping(PATH)
    String list(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            Model model) {
        model.addAttribute("grants", grants.listForWorkspace(principal.workspaceId()));
        model.addAttribute("canManage", viewer != null && viewer.manages());
        return "settings/grants";
    }

    @PostMapping(PATH + "/{grantId}/revoke")
    String revoke(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String grantId,
            RedirectAttributes redirect) {
        PageRefusal.requireManager(viewer);
        if (!grants.revokeInWorkspace(principal.workspaceId(), grantId)) {
            throw PageRefusal.notFound("OAuth grant");
        }
        redirect.addFlashAttribute(
                "notice", "Revoked. The client's tokens no longer work; it must ask for access again.");
        return "redirect:" + PATH;
    }
}
