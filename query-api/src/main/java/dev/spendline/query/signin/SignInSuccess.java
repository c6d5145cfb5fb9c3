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
        // A password sign-in was counted as failed before the check (SignInLimitFilter); a provider
        // sign-in was not counted at all.
        if (request.getAttribute(SignInLimitFilter.COUNTED) instanceof SignInAttempts.Counted counted) {
            attempts.succeeded(counted);
        }
        super.onAuthenticationSuccess(request, response, authentication);
    }
}
