package dev.spendline.query.slack;

import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.query.dashboard.PublicAddress;
import dev.spendline.query.signin.WorkspaceAuthentication;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The Slack actions of Settings → Ask, on the dashboard's session chain (CSRF on the forms): "Add to
 * Slack" ({@code POST /app/settings/slack/install}) sends an owner or admin to Slack with a state bound to
 * them; Slack sends the browser back to {@code GET /app/settings/slack/callback}, the redirect URL of the
 * manifest, which needs the same session; "Disconnect Slack" ({@code POST /app/settings/slack/disconnect})
 * revokes the token and removes the binding; the alert channel ({@code POST /app/settings/slack/alerts},
 * {@code …/alerts/stop}) chooses where and which alerts are posted. Members are refused with a page; with Slack not configured
 * these paths are 404.
 */
@Controller
final class SlackSettingsController {

    static final String PATH = "/app/settings/slack";
    static final String CALLBACK = PATH + "/callback";

    private static final String SETTINGS = "/app/settings";
    private static final String PAGE = "settings/refused";

    private final ObjectProvider<SlackInstallFlow> flow;
    private final PublicAddress addresses;
    private final SlackConnections connections;
    private final SlackAlertRepository alerts;

    SlackSettingsController(
            ObjectProvider<SlackInstallFlow> flow,
            PublicAddress addresses,
            SlackConnections connections,
            SlackAlertRepository alerts) {
        this.flow = flow;
        this.addresses = addresses;
        this.connections = connections;
        this.alerts = alerts;
    }

    @PostMapping(PATH + "/install")
    String install(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model) {
        SlackInstallFlow install = flow();
        if (viewer == null || !viewer.manages()) {
            return managersOnly(response, model);
        }
        return "redirect:" + install.start(viewer, request.getSession().getId(), redirectUri());
    }

    @GetMapping(CALLBACK)
    String callback(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(required = false) String state,
            @RequestParam(required = false) String code,
            @RequestParam(required = false) String error,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model,
            RedirectAttributes redirect) {
        SlackInstallFlow install = flow();
        if (viewer == null) {
            return managersOnly(response, model);
        }
        SlackInstallFlow.Outcome outcome =
                install.finish(viewer, request.getSession().getId(), state, code, error, redirectUri());
        if (outcome.installed()) {
            redirect.addFlashAttribute("notice", outcome.message());
            return "redirect:" + SETTINGS;
        }
        return page(response, model, outcome.status(), outcome.heading(), outcome.message());
    }

    @PostMapping(PATH + "/disconnect")
    String disconnect(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            HttpServletResponse response,
            Model model,
            RedirectAttributes redirect) {
        SlackInstallFlow install = flow();
        if (viewer == null || !viewer.manages()) {
            return managersOnly(response, model);
        }
        Optional<String> notice = install.disconnect(viewer.getPrincipal().workspaceId());
        redirect.addFlashAttribute("notice", notice.orElse("Slack was not connected; nothing changed."));
        return "redirect:" + SETTINGS;
    }

    /**
     * The alert channel: which channel of the connected Slack gets the workspace's alerts, and which
     * types and severities. Owners and admins; the workspace must be connected to Slack.
     */
    @PostMapping(PATH + "/alerts")
    String alertChannel(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "") String channel,
            @RequestParam(name = "types", required = false) List<String> types,
            @RequestParam(name = "severities", required = false) List<String> severities,
            HttpServletResponse response,
            Model model,
            RedirectAttributes redirect) {
        flow();
        if (viewer == null || !viewer.manages()) {
            return managersOnly(response, model);
        }
        String workspaceId = viewer.getPrincipal().workspaceId();
        if (connections.of(workspaceId).isEmpty()) {
            return page(
                    response,
                    model,
                    409,
                    "Connect Slack first",
                    "Alerts are posted by the Spendline app in your Slack. Add Spendline to Slack in Settings → Ask,"
                            + " then choose the channel.");
        }
        SlackAlertForm.Checked checked = SlackAlertForm.check(channel, types, severities);
        if (!checked.problems().isEmpty()) {
            return page(response, model, 400, "The alert channel was not saved", String.join(" ", checked.problems()));
        }
        SlackAlertForm form = checked.form();
        alerts.saveChannel(workspaceId, form.channelId(), form.types(), form.severities(), viewer.userId());
        redirect.addFlashAttribute(
                "notice",
                "Alerts of the chosen types and severities are posted to the channel " + form.channelId()
                        + " from now on. Invite @Spendline to that channel if it is not in it yet.");
        return "redirect:" + SETTINGS;
    }

    /** Stops posting alerts to Slack; messages already posted stay as they are. */
    @PostMapping(PATH + "/alerts/stop")
    String stopAlerts(
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            HttpServletResponse response,
            Model model,
            RedirectAttributes redirect) {
        flow();
        if (viewer == null || !viewer.manages()) {
            return managersOnly(response, model);
        }
        boolean had = alerts.deleteChannel(viewer.getPrincipal().workspaceId());
        redirect.addFlashAttribute(
                "notice",
                had ? "Alerts are no longer posted to Slack." : "Alerts were not posted to Slack; nothing changed.");
        return "redirect:" + SETTINGS;
    }

    /** The redirect URL: absolute, and the same in the authorization request and the code exchange. */
    private String redirectUri() {
        return addresses.baseUrlOrRequest() + CALLBACK;
    }

    private SlackInstallFlow flow() {
        SlackInstallFlow install = flow.getIfAvailable();
        if (install == null) {
            throw new org.springframework.web.server.ResponseStatusException(
                    org.springframework.http.HttpStatus.NOT_FOUND, "Slack is not configured by the operator");
        }
        return install;
    }

    private static String managersOnly(HttpServletResponse response, Model model) {
        return page(
                response,
                model,
                403,
                "Only owners and admins can connect Slack",
                "Your role in this workspace can read settings but not connect or disconnect the chat app. Ask an"
                        + " owner or admin of the workspace to do it.");
    }

    private static String page(HttpServletResponse response, Model model, int status, String heading, String message) {
        response.setStatus(status);
        model.addAttribute("status", status);
        model.addAttribute("heading", heading);
        model.addAttribute("message", message);
        return PAGE;
    }
}
