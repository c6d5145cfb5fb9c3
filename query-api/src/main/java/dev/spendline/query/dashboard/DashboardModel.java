package dev.spendline.query.dashboard;

import dev.spendline.query.plan.PlanGate;
import dev.spendline.query.signin.WorkspaceAuthentication;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * What every dashboard page's frame shows: who is signed in, in which workspace, with which plan
 * and role, and the workspaces to switch to ({@code viewer} in the templates).
 */
@ControllerAdvice(basePackages = "dev.spendline.query")
final class DashboardModel {

    @ModelAttribute("viewer")
    WorkspaceAuthentication viewer() {
        return current();
    }

    /**
     * Whether the page may offer write forms ({@code writesAllowed} in the templates): the same rule
     * ({@link PlanGate}) that refuses the write itself. Outside a dashboard session (tests of a view
     * alone) the forms are shown; the write is still checked when posted.
     */
    @ModelAttribute("writesAllowed")
    boolean writesAllowed() {
        WorkspaceAuthentication viewer = current();
        return viewer == null || PlanGate.allowsWrites(viewer.getPrincipal());
    }

    /** The signed-in user of this request; null outside a dashboard session. */
    static WorkspaceAuthentication current() {
        return WorkspaceAuthentication.current();
    }
}
