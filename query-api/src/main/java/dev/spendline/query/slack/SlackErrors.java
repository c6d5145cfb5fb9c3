package dev.spendline.query.slack;

import dev.spendline.query.slack.SlackInstallFlow.Outcome;

/**
 * What a person reads when Slack did not install the app: the errors Slack sends back to the
 * redirect URL ({@code error=access_denied} …) and those of {@code oauth.v2.access}. Restricted
 * organizations (admin approval, Enterprise Grid sign-in) get what an admin must do and what happens next.
 */
final class SlackErrors {

    private static final String APPROVAL = "If your Slack organization restricts apps, installing sent a request to"
            + " its admins instead: a Slack admin approves Spendline in Slack (Manage apps → App requests, or the"
            + " admin console of Enterprise Grid). Nothing is connected until then. Once it is approved, an owner or"
            + " admin of this workspace chooses “Add to Slack” in Settings → Ask again to finish.";

    private SlackErrors() {}

    static Outcome authorizationError(String error) {
        switch (error) {
            case "access_denied":
                return new Outcome(
                        403,
                        "Slack did not install Spendline",
                        "The install was cancelled in Slack, or it needs an admin's approval. " + APPROVAL);
            case "app_requested":
            case "app_approval_required":
                return new Outcome(202, "A Slack admin must approve Spendline", APPROVAL);
            case "org_login_required":
            case "enterprise_is_restricted":
            case "team_access_not_granted":
            case "restricted_action":
                return new Outcome(
                        403,
                        "Your Slack organization restricts this app",
                        "Slack answered “" + error + "”: the organization decides which apps its workspaces may"
                                + " install. " + APPROVAL);
            default:
                return new Outcome(
                        400,
                        "Slack did not install Spendline",
                        "Slack answered “" + error + "”. Nothing was connected; try again from Settings → Ask.");
        }
    }

    static Outcome accessError(String error) {
        switch (error == null ? "" : error) {
            case "invalid_code":
            case "code_already_used":
            case "bad_redirect_uri":
                return new Outcome(
                        400,
                        "Slack refused the authorization",
                        "Slack answered “" + error + "” (the code expired, was used, or the redirect URL differs"
                                + " from the app's manifest). Nothing was connected; start again from Settings → Ask.");
            case "invalid_client_id":
            case "bad_client_secret":
                return new Outcome(
                        502,
                        "Spendline's Slack app is misconfigured",
                        "Slack answered “" + error + "”: the operator's spendline.slack.client-id or client-secret"
                                + " does not match the Slack app. Nothing was connected.");
            default:
                return new Outcome(
                        502,
                        "Slack refused the installation",
                        "Slack answered “" + error + "”. Nothing was connected; try again from Settings → Ask.");
        }
    }
}
