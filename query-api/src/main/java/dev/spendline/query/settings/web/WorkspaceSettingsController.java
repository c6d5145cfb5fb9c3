package dev.spendline.query.settings.web;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.deadletter.DeadLettersQuery;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.otlp.OtlpMappingRepository;
import dev.spendline.controlplane.slack.SlackAlertChannel;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.otlp.OtlpMappingView;
import dev.spendline.query.settings.OperatorCommands;
import dev.spendline.query.signin.WorkspaceAuthentication;
import dev.spendline.query.slack.SlackConnections;
import dev.spendline.query.webhooks.WebhookEndpoints;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /app/settings}: the workspace's name (renamed by owners and admins), its plan and what Team
 * enables, the Ask section, the OTLP attribution mapping (read-only: it is changed through the API),
 * and the way to keys, revenue and members; and, when the topology had
 * to set some of the workspace's records aside, how many and what an operator can do.
 */
@Controller
final class WorkspaceSettingsController {

    static final String PATH = "/app/settings";

    private final WorkspaceRepository workspaces;
    private final ObjectProvider<SlackConnections> slack;
    private final Queries queries;
    private final ObjectProvider<OperatorCommands> operatorCommands;
    private final ObjectProvider<WebhookEndpoints> webhooks;
    private final OtlpMappingRepository otlpMappings;

    WorkspaceSettingsController(
            WorkspaceRepository workspaces,
            ObjectProvider<SlackConnections> slack,
            Queries queries,
            ObjectProvider<OperatorCommands> operatorCommands,
            ObjectProvider<WebhookEndpoints> webhooks,
            OtlpMappingRepository otlpMappings) {
        this.workspaces = workspaces;
        this.otlpMappings = otlpMappings;
        this.slack = slack;
        this.queries = queries;
        this.operatorCommands = operatorCommands;
        this.webhooks = webhooks;
    }

    @GetMapping(PATH)
    String show(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            Model model) {
        Workspace workspace = workspace(principal);
        model.addAttribute("name", workspace.name());
        return page(workspace, viewer, model);
    }

    @PostMapping(PATH + "/name")
    String rename(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "") String name,
            Model model,
            RedirectAttributes redirect,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        Workspace workspace = workspace(principal);
        String trimmed = name.strip();
        try {
            workspaces.rename(workspace.id(), trimmed);
        } catch (IllegalArgumentException e) {
            // requireName's messages ("name must not be blank") are written for people already.
            response.setStatus(400);
            model.addAttribute("name", name);
            model.addAttribute("nameError", "The " + e.getMessage() + ".");
            return page(workspace, viewer, model);
        }
        redirect.addFlashAttribute("notice", "The workspace is now called “" + trimmed + "”.");
        return "redirect:" + PATH;
    }

    private Workspace workspace(Principal principal) {
        // Only gone if it was deleted under a live session; the same answer as any unknown id.
        return workspaces.findById(principal.workspaceId()).orElseThrow(() -> PageRefusal.notFound("workspace"));
    }

    private String page(Workspace workspace, WorkspaceAuthentication viewer, Model model) {
        model.addAttribute("workspace", workspace);
        // The Ask section's chat app: not configured (no Slack beans, or no credentials), or its connection.
        SlackConnections connections = slack.getIfAvailable();
        boolean configured = connections != null && connections.configured();
        model.addAttribute("slackConfigured", configured);
        model.addAttribute("slackCommand", connections == null ? "/spendline" : connections.command());
        model.addAttribute(
                "slackConnection", configured ? connections.of(workspace.id()).orElse(null) : null);
        // Alerts in Slack: the chosen channel, and Slack's last error for it in words.
        SlackAlertChannel alertChannel =
                configured ? connections.alertChannel(workspace.id()).orElse(null) : null;
        model.addAttribute("slackAlertChannel", alertChannel);
        model.addAttribute(
                "slackAlertError", alertChannel == null ? null : SlackConnections.explain(alertChannel.lastError()));
        model.addAttribute("alertTypes", AlertType.values());
        model.addAttribute("alertSeverities", AlertSeverity.values());
        model.addAttribute("canManage", viewer != null && viewer.manages());
        model.addAttribute("deadLetters", deadLetters(workspace.id()));
        model.addAttribute("otlpMapping", OtlpMappingView.of(otlpMappings.find(workspace.id())));
        // Webhook endpoints that were disabled after failing: the owners' notice (the webhooks page is theirs).
        WebhookEndpoints endpoints = webhooks.getIfAvailable();
        model.addAttribute(
                "disabledWebhooks",
                viewer == null || !viewer.manages() || endpoints == null
                        ? List.of()
                        : endpoints.list(workspace.id()).stream()
                                .filter(w -> !w.enabled())
                                .toList());
        // The operator's commands as this installation spells them; none where it has no such command.
        OperatorCommands commands = operatorCommands.getIfAvailable();
        model.addAttribute(
                "setPlanCommand",
                commands == null
                        ? null
                        : commands.setPlan(workspace.id(), "TEAM").orElse(null));
        model.addAttribute(
                "redriveCommand",
                commands == null
                        ? null
                        : commands.redriveDeadLetters(workspace.id()).orElse(null));
        return "settings/index";
    }

    /**
     * The workspace's records the topology set aside as dead letters, or null when there are none
     * or the count cannot be read right now (the page does not wait for a rebalance for a notice).
     */
    private DeadLetterCount deadLetters(String workspaceId) {
        try {
            DeadLetterCount count = queries.answer(QueryType.DEAD_LETTERS, new DeadLettersQuery(workspaceId));
            return count.count() > 0 ? count : null;
        } catch (QueryUnavailableException e) {
            return null;
        }
    }
}
