package dev.spendline.query.signin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * A failed sign-in shows one message whatever went wrong (unknown e-mail, wrong password,
 * provider-only account), so the page tells nobody which e-mail addresses have accounts. It was
 * already counted against the address and the account before the check ({@link SignInLimitFilter}).
 */
final class SignInFailure implements AuthenticationFailureHandler {

    @Override
    public void onAuthenticationFailure(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
            throws IOException {
        response.sendRedirect(request.getContextPath() + "/signin?error");
    }
}
