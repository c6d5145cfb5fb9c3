package dev.spendline.query.settings.web;

import dev.spendline.query.signin.WorkspaceAuthentication;

/**
 * A settings request refused with a page a person can read: 403 for a member trying to change
 * something, 404 for an id that is not this workspace's (the same answer as an id that does not
 * exist, so ids of other workspaces cannot be probed).
 */
final class PageRefusal extends RuntimeException {

    private final int status;
    private final String title;

    private PageRefusal(int status, String title, String message) {
        super(message, null, false, false);
        this.status = status;
        this.title = title;
    }

    /** Refuses unless the viewer is an owner or admin of the workspace; hiding buttons is not enough. */
    static void requireManager(WorkspaceAuthentication viewer) {
        if (viewer == null || !viewer.manages()) {
            throw new PageRefusal(
                    403,
                    "Only owners and admins can change this",
                    "Your role in this workspace can read settings but not change them."
                            + " Ask an owner or admin of the workspace to make the change or to make you an admin.");
        }
    }

    /** Refuses what only an owner may do (make or remove owners and admins). */
    static PageRefusal ownersOnly(String message) {
        return new PageRefusal(403, "Only owners can do this", message);
    }

    static PageRefusal notFound(String what) {
        return new PageRefusal(404, "Not found", "This workspace has no " + what + " with that id.");
    }

    int status() {
        return status;
    }

    String title() {
        return title;
    }
}
