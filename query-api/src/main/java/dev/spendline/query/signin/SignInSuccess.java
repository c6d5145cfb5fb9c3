package dev.spendline.query.signin;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;

/** After signing in: back to the page that was asked for, else the overview; the account's failures forgotten. */
final class SignInSuccess extends SavedRequestAwareAuthenticationSuccessHandler {

    private final SignInAttempts attempts;

    SignInSuccess(SignInAttempts attempts) {
        this.attempts = attempts;
        setDefaultTargetUrl("/app");
    }

    @Override
    public void onAuthenticationSuccess(
            HttpServletRequest request, HttpServletResponse response, Authentication authentication)
            throws ServletException, IOException {
        String email = request.getParameter("email");
        if (email != null) {
            attempts.succeeded(email);
        }
        super.onAuthenticationSuccess(request, response, authentication);
    }
}
