package dev.spendline.query.signin;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a password sign-in past the limit of {@link SignInAttempts} before the password is
 * checked: 429 with {@code Retry-After}, and the sign-in page says to wait.
 */
final class SignInLimitFilter extends OncePerRequestFilter {

    private final SignInAttempts attempts;

    SignInLimitFilter(SignInAttempts attempts) {
        this.attempts = attempts;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !("POST".equals(request.getMethod()) && "/signin".equals(path));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (attempts.signInAllowed(request.getParameter("email"), request.getRemoteAddr())) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(429);
        response.setHeader("Retry-After", String.valueOf(attempts.window().toSeconds()));
        request.setAttribute("tooMany", Boolean.TRUE);
        request.getRequestDispatcher("/signin").forward(request, response);
    }
}
