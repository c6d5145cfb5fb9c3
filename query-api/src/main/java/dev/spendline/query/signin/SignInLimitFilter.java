package dev.spendline.query.signin;

import dev.spendline.contracts.problem.ProblemJson;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a password sign-in past the limits of {@link SignInAttempts} before the password is
 * checked: 429 with {@code Retry-After} (the seconds until the account and the address are below
 * their limits again), the same answer whether the password was right or wrong. A browser gets the
 * sign-in page saying to wait ({@link #LOCKED_PAGE}), any other client problem+json
 * {@code too_many_attempts}. An attempt within the limits is counted as failed before it goes on
 * to the password check, which takes it back when it succeeds ({@link SignInSuccess}).
 */
final class SignInLimitFilter extends OncePerRequestFilter {

    /**
     * Where a refused browser sign-in is forwarded to be shown the page: never {@code /signin} itself,
     * whose POST is the password check (a forward there would check the password after all).
     */
    static final String LOCKED_PAGE = "/signin/locked";

    /** The request attribute holding the seconds to wait, for the page. */
    static final String RETRY_AFTER = SignInLimitFilter.class.getName() + ".retryAfter";

    /** The request attribute holding the {@link SignInAttempts.Counted} attempt of this request. */
    static final String COUNTED = SignInLimitFilter.class.getName() + ".counted";

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
        String email = request.getParameter("email");
        String address = request.getRemoteAddr();
        Duration wait = attempts.signInLockedFor(email, address);
        if (wait.isZero()) {
            request.setAttribute(COUNTED, attempts.counted(email, address));
            chain.doFilter(request, response);
            return;
        }
        long seconds = SignInAttempts.retryAfterSeconds(wait);
        response.setStatus(429);
        response.setHeader("Retry-After", String.valueOf(seconds));
        if (wantsHtml(request)) {
            request.setAttribute(RETRY_AFTER, seconds);
            request.getRequestDispatcher(LOCKED_PAGE).forward(request, response);
            return;
        }
        response.setContentType(ProblemJson.MEDIA_TYPE);
        response.getOutputStream()
                .write(ProblemJson.render(
                        429,
                        "too_many_attempts",
                        "Too many sign-in attempts",
                        "Too many failed sign-ins for this account or from this address; nothing was checked."
                                + " Try again in " + seconds + " seconds.",
                        List.of()));
    }

    /** A browser's form post names text/html in Accept; a script's wildcard alone does not. */
    private static boolean wantsHtml(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        if (accept == null) {
            return false;
        }
        try {
            return MediaType.parseMediaTypes(accept).stream()
                    .anyMatch(type -> !type.isWildcardType() && type.isCompatibleWith(MediaType.TEXT_HTML));
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }
}
