package dev.spendline.query.signin;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Map;

/**
 * A plain OAuth 2 provider shaped like GitHub's OAuth apps: authorization at
 * {@code /login/oauth/authorize}, the token at {@code /login/oauth/access_token} (a lower-case
 * {@code bearer} token type and comma-separated scopes, as GitHub answers), and the user at
 * {@code /user} ({@code id}, {@code login}, {@code name}, {@code email}; name and e-mail are
 * {@code null} when the person has not made them public). No ID token, no discovery.
 */
final class FakeGitHub extends FakeAuthorizationServer<FakeGitHub.Account> {

    /** A GitHub account; {@code name} and {@code email} may be null. */
    record Account(long id, String login, String name, String email) {}

    FakeGitHub() {
        super("/login/oauth/authorize", "/login/oauth/access_token");
        route("/user", this::user);
    }

    String userInfoEndpoint() {
        return baseUrl() + "/user";
    }

    @Override
    Map<String, Object> tokenResponse(Grant<Account> grant, String accessToken) {
        String scope = grant.scope() == null ? "" : grant.scope().replace(' ', ',');
        return json("access_token", accessToken, "token_type", "bearer", "scope", scope);
    }

    private void user(HttpExchange exchange) throws IOException {
        Grant<Account> grant = bearer(exchange);
        if (grant == null) {
            sendJson(exchange, 401, json("message", "Requires authentication", "status", "401"));
            return;
        }
        Account account = grant.user();
        sendJson(
                exchange,
                200,
                json(
                        "login", account.login(),
                        "id", account.id(),
                        "type", "User",
                        "name", account.name(),
                        "email", account.email()));
    }
}
