package dev.spendline.query.dashboard.actions;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.action.ActionService;
import org.springframework.ui.Model;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prepare and confirm from a dashboard form, through the same {@link ActionService} as Ask and
 * the API: the same Team rule, validation, phrase, expiry and exactly-once execution. A signed-in
 * user's principal carries {@code Credential.sessionUser(userId)}, so only the user who prepared
 * an action can confirm it. Each method puts the {@link ActionPanel} in the model as {@value
 * #PANEL} and answers the HTTP status the page is sent with (the API's status for a refusal).
 */
public final class ActionForms {

    /** The model attribute the {@code dashboard/action-panel} fragment shows. */
    public static final String PANEL = "action";

    private static final String WRONG_PHRASE = "wrong_phrase";

    private final ActionService actions;

    ActionForms(ActionService actions) {
        this.actions = actions;
    }

    /** Prepares {@code action} with the form's fields; the panel shows the summary and the phrase. */
    public int prepare(Principal principal, String action, ObjectNode fields, Model model) {
        try {
            model.addAttribute(PANEL, ActionPanel.prepared(actions.prepare(principal, action, fields)));
            return 200;
        } catch (ProblemException e) {
            model.addAttribute(PANEL, ActionPanel.refused(e, null));
            return e.status();
        }
    }

    /** Confirms with the typed phrase; the panel shows the result, or why nothing was done. */
    public int confirm(Principal principal, ConfirmForm form, Model model) {
        try {
            model.addAttribute(
                    PANEL,
                    ActionPanel.done(actions.confirm(principal, form.confirmationToken(), form.confirmationPhrase())));
            return 200;
        } catch (ProblemException e) {
            // A wrong phrase leaves the token usable: offer the same confirmation again.
            model.addAttribute(PANEL, ActionPanel.refused(e, e.code().equals(WRONG_PHRASE) ? form : null));
            return e.status();
        }
    }
}
