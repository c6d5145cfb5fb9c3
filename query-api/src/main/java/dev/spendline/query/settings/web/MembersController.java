package dev.spendline.query.settings.web;

import dev.spendline.controlplane.accounts.InvitationRepository;
import dev.spendline.controlplane.accounts.IssuedInvitation;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.query.signin.WorkspaceAuthentication;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Members and invitations of the current workspace. Everyone sees who is a member; owners and
 * admins invite (a copyable link, shown once, valid 7 days) and remove members; only owners make or
 * remove owners and admins, and the last owner cannot leave or be demoted. Every id is looked up
 * within the current workspace, so another workspace's user or invitation id changes nothing (404).
 */
@Controller
final class MembersController {

    static final Duration INVITATION_VALIDITY = Duration.ofDays(7);
    private static final String PAGE = "/app/settings/members";

    private final MembershipRepository memberships;
    private final InvitationRepository invitations;

    MembersController(MembershipRepository memberships, InvitationRepository invitations) {
        this.memberships = memberships;
        this.invitations = invitations;
    }

    @GetMapping(PAGE)
    String members(@CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer, Model model) {
        String workspaceId = viewer.getPrincipal().workspaceId();
        model.addAttribute("members", memberships.members(workspaceId));
        model.addAttribute("invitations", invitations.open(workspaceId));
        model.addAttribute("roles", viewer.role() == Role.OWNER ? Role.values() : new Role[] {Role.MEMBER});
        return "settings/members";
    }

    @PostMapping(PAGE + "/invitations")
    String invite(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "MEMBER") String role,
            Model model,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        Role invited = parseRole(role).filter(r -> r != Role.OWNER).orElse(null);
        if (invited == null || (invited == Role.ADMIN && viewer.role() != Role.OWNER)) {
            return refuse(
                    viewer,
                    model,
                    response,
                    HttpStatus.BAD_REQUEST,
                    "Invite as Member, or as Admin if you are an owner.");
        }
        IssuedInvitation issued =
                invitations.create(viewer.getPrincipal().workspaceId(), invited, viewer.userId(), INVITATION_VALIDITY);
        model.addAttribute(
                "inviteLink",
                ServletUriComponentsBuilder.fromCurrentContextPath()
                        .path("/invite/{token}")
                        .buildAndExpand(issued.token())
                        .toUriString());
        model.addAttribute("inviteRole", invited.label());
        return members(viewer, model);
    }

    @PostMapping(PAGE + "/invitations/{id}/revoke")
    String revokeInvitation(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String id,
            RedirectAttributes redirect) {
        PageRefusal.requireManager(viewer);
        if (!invitations.revoke(viewer.getPrincipal().workspaceId(), id)) {
            throw PageRefusal.notFound("open invitation");
        }
        redirect.addFlashAttribute("notice", "Invitation revoked.");
        return "redirect:" + PAGE;
    }

    @PostMapping(PAGE + "/{userId}/role")
    String changeRole(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String userId,
            @RequestParam String role,
            Model model,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        String workspaceId = viewer.getPrincipal().workspaceId();
        Role current = memberships.find(workspaceId, userId).orElseThrow(() -> PageRefusal.notFound("member"));
        Role next = parseRole(role).orElse(null);
        if (next == null) {
            return refuse(viewer, model, response, HttpStatus.BAD_REQUEST, "Choose Owner, Admin or Member.");
        }
        if (viewer.role() != Role.OWNER && (current != Role.MEMBER || next != Role.MEMBER)) {
            throw PageRefusal.ownersOnly("Only an owner can change the role of owners and admins.");
        }
        if (current == Role.OWNER && next != Role.OWNER && memberships.owners(workspaceId) <= 1) {
            return refuse(
                    viewer,
                    model,
                    response,
                    HttpStatus.CONFLICT,
                    "A workspace needs an owner: make someone else owner first.");
        }
        memberships.changeRole(workspaceId, userId, next);
        return "redirect:" + PAGE;
    }

    @PostMapping(PAGE + "/{userId}/remove")
    String remove(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @PathVariable String userId,
            Model model,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        String workspaceId = viewer.getPrincipal().workspaceId();
        Role current = memberships.find(workspaceId, userId).orElseThrow(() -> PageRefusal.notFound("member"));
        if (current != Role.MEMBER && viewer.role() != Role.OWNER) {
            throw PageRefusal.ownersOnly("Only an owner can remove owners and admins.");
        }
        if (current == Role.OWNER && memberships.owners(workspaceId) <= 1) {
            return refuse(viewer, model, response, HttpStatus.CONFLICT, "The last owner cannot be removed.");
        }
        memberships.remove(workspaceId, userId);
        return "redirect:" + PAGE;
    }

    private String refuse(
            WorkspaceAuthentication viewer,
            Model model,
            HttpServletResponse response,
            HttpStatus status,
            String message) {
        response.setStatus(status.value());
        model.addAttribute("problem", message);
        return members(viewer, model);
    }

    private static Optional<Role> parseRole(String text) {
        try {
            return Optional.of(Role.valueOf(text.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
