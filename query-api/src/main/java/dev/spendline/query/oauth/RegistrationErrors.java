package dev.spendline.query.oauth;

import dev.spendline.contracts.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * The registration endpoint's error answer (RFC 7591 section 3.2.2): {@code error} and {@code
 * error_description}. Our own refusals ({@link ClientRegistrations}) are written as they are; any
 * other description is replaced by a fixed one for its code, because the authorization server puts
 * the message of whatever failed there (a JSON parser's message naming Java types, a database error
 * naming the statement), and the endpoint is open to anyone. The original is logged.
 */
final class RegistrationErrors implements AuthenticationFailureHandler {

    private static final Logger log = LoggerFactory.getLogger(RegistrationErrors.class);

    @Override
    public void onAuthenticationFailure(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
            throws IOException {
        OAuth2Error error = exception instanceof OAuth2AuthenticationException oauth
                ? oauth.getError()
                : new OAuth2Error(OAuth2ErrorCodes.INVALID_REQUEST);
        String description = error.getDescription();
        if (!ClientRegistrations.ERROR_URI.equals(error.getUri())) {
            log.info("Client registration refused ({}): {}", error.getErrorCode(), description, exception);
            description = generic(error.getErrorCode());
        }
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", error.getErrorCode());
        body.put("error_description", description);
        response.setStatus(OAuth2ErrorCodes.INVALID_TOKEN.equals(error.getErrorCode()) ? 401 : 400);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(Json.MAPPER.writeValueAsBytes(body));
    }

    private static String generic(String code) {
        return switch (code) {
            case "invalid_redirect_uri" -> "A redirect URI is not accepted; see docs/oauth.md";
            case "invalid_client_metadata" -> "The client metadata is not accepted; see docs/oauth.md for what a"
                    + " registration may contain";
            default -> "The registration request is not valid: send a JSON object of client metadata"
                    + " (RFC 7591); see docs/oauth.md";
        };
    }
}
