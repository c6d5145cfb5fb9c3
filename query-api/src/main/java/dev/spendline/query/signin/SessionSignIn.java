package dev.spendline.query.signin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.context.SecurityContextRepository;

/**
 * Signs a just-created account in, as a password sign-in would: a new session id (no fixation) and
 * the user's id as the signed-in name.
 */
final class SessionSignIn {

    private final SecurityContextRepository contexts;

    SessionSignIn(SecurityContextRepository contexts) {
        this.contexts = contexts;
    }

    void signIn(String userId, HttpServletRequest request, HttpServletResponse response) {
        if (request.getSession(false) != null) {
            request.changeSessionId();
        }
        List<SimpleGrantedAuthority> authorities = List.of(new SimpleGrantedAuthority("ROLE_USER"));
        User user = new User(userId, "", authorities);
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null, authorities));
        SecurityContextHolder.setContext(context);
        contexts.saveContext(context, request, response);
    }

    /** Makes {@code workspaceId} the one the session works in. */
    static void select(HttpServletRequest request, String workspaceId) {
        request.getSession(true).setAttribute(WorkspaceSelection.SELECTED_WORKSPACE, workspaceId);
    }
}
