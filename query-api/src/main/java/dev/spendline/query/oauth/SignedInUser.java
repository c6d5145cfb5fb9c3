package dev.spendline.query.oauth;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * In the authorization server's chain, the dashboard session's user (a password or a provider
 * sign-in) stands as a plain token naming only the user's id: the authorization server stores the
 * authorizing principal with each authorization, as JSON, and its JSON mapper accepts only Spring's own
 * types. For this request only; the session keeps what it had.
 */
final class SignedInUser extends OncePerRequestFilter {

    private final SecurityContextHolderStrategy holder = SecurityContextHolder.getContextHolderStrategy();

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication signedIn = holder.getContext().getAuthentication();
        if (signedIn != null
                && signedIn.isAuthenticated()
                && !(signedIn instanceof AnonymousAuthenticationToken)
                && !(signedIn.getPrincipal() instanceof String)) {
            SecurityContext context = holder.createEmptyContext();
            context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                    signedIn.getName(), null, List.of(new SimpleGrantedAuthority("ROLE_USER"))));
            holder.setContext(context);
        }
        chain.doFilter(request, response);
    }
}
