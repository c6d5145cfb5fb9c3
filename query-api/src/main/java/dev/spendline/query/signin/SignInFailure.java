package dev.spendline.query.signin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * A failed sign-in counts against the address and the account, and shows one message whatever went
 * wrong (unknown e-mail, wrong password, provider-only account), so the page tells nobody which
 * e-mail addresses have accounts.
 */
final class SignInFailure implements AuthenticationFailureHandler {

    private final SignInAttempts attempts;

    SignInFailure(SignInAttempts attempts) {
        this.attempts = attempts;
    }

    @Override
    public void onAuthenticationFailure(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
            throws IOException {
        attempts.failed(request.getParameter("email"), request.getRemoteAddr());
        response.sendRedirect(request.getContextPath() + "/signin?error");
    }
}
