package dev.spendline.query.signin;

import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Membership;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Turns the session's signed-in user into a {@link WorkspaceAuthentication} for this request: the
 * workspace chosen in the session (or the user's first), with the role read from the database now,
 * so a removed member loses access at their next request rather than at the end of their session.
 * The replaced authentication is not saved: the session keeps only who signed in.
 */
final class WorkspaceSelection extends OncePerRequestFilter {

    /** The session attribute holding the id of the workspace the user works in. */
    static final String SELECTED_WORKSPACE = "spendline.workspace";

    private final UserRepository users;
    private final MembershipRepository memberships;
    private final AccountService accounts;
    private final SecurityContextHolderStrategy holder = SecurityContextHolder.getContextHolderStrategy();

    WorkspaceSelection(UserRepository users, MembershipRepository memberships, AccountService accounts) {
        this.users = users;
        this.memberships = memberships;
        this.accounts = accounts;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication signedIn = holder.getContext().getAuthentication();
        if (signedIn == null
                || !signedIn.isAuthenticated()
                || signedIn instanceof AnonymousAuthenticationToken
                || signedIn instanceof WorkspaceAuthentication) {
            chain.doFilter(request, response);
            return;
        }
        Optional<User> user = users.findById(signedIn.getName());
        if (user.isEmpty()) {
            // The account no longer exists: the session is worth nothing.
            holder.clearContext();
            HttpSession session = request.getSession(false);
            if (session != null) {
                session.invalidate();
            }
            chain.doFilter(request, response);
            return;
        }
        List<Membership> mine = memberships.forUser(user.get().id());
        if (mine.isEmpty()) {
            accounts.ensureWorkspace(user.get());
            mine = memberships.forUser(user.get().id());
        }
        HttpSession session = request.getSession(false);
        Object chosen = session == null ? null : session.getAttribute(SELECTED_WORKSPACE);
        Membership current = mine.stream()
                .filter(m -> m.workspaceId().equals(chosen))
                .findFirst()
                .orElse(mine.get(0));
        WorkspaceAuthentication workspace = new WorkspaceAuthentication(
                new Principal(
                        current.workspaceId(), Credential.sessionUser(user.get().id()), current.plan()),
                current.workspaceName(),
                user.get().id(),
                user.get().email(),
                current.role(),
                mine.stream()
                        .map(m -> new WorkspaceAuthentication.WorkspaceChoice(m.workspaceId(), m.workspaceName()))
                        .toList());
        SecurityContext context = holder.createEmptyContext();
        context.setAuthentication(workspace);
        holder.setContext(context);
        chain.doFilter(request, response);
    }
}
