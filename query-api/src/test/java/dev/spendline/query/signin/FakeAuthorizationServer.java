package dev.spendline.query.signin;

import com.nimbusds.jose.util.JSONObjectUtils;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A third party's OAuth 2 authorization server, on 127.0.0.1, shaped like the real protocol: the
 * authorization endpoint (RFC 6749 §4.1.1) checks the client, the registered redirect URI, the state
 * (and PKCE, RFC 7636, when the client sends it) and redirects back with a one-time code, as a
 * provider does once its user has consented; the token endpoint (§4.1.3) checks the code, the
 * redirect URI, the client's authentication ({@code client_secret_basic} or {@code client_secret_post})
 * and the PKCE verifier, and answers with an access token. Which user is "signed in at the provider"
 * is set by the test. Subclasses add what their kind of provider serves on top (discovery and ID
 * tokens for OpenID Connect, a user API for GitHub).
 *
 * @param <U> the provider's user
 */
abstract class FakeAuthorizationServer<U> implements AutoCloseable {

    /** What the authorization endpoint granted, redeemed once at the token endpoint. */
    record Grant<U>(String redirectUri, String scope, String nonce, String codeChallenge, U user) {}

    private static final SecureRandom RANDOM = new SecureRandom();

    private final HttpServer server;
    private final Map<String, Grant<U>> codes = new ConcurrentHashMap<>();
    private final Map<String, Grant<U>> accessTokens = new ConcurrentHashMap<>();
    private final String authorizationPath;
    private final String tokenPath;
    private volatile String clientId;
    private volatile String clientSecret;
    private volatile String redirectUri;
    private volatile U user;
    private volatile boolean pkceSeen;

    FakeAuthorizationServer(String authorizationPath, String tokenPath) {
        this.authorizationPath = authorizationPath;
        this.tokenPath = tokenPath;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        route(authorizationPath, this::authorize);
        route(tokenPath, this::token);
        server.start();
    }

    /** {@code http://127.0.0.1:port}. */
    final String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    final String authorizationEndpoint() {
        return baseUrl() + authorizationPath;
    }

    final String tokenEndpoint() {
        return baseUrl() + tokenPath;
    }

    /** The client registered at this provider, as an operator registers Spendline there. */
    final void register(String clientId, String clientSecret, String redirectUri) {
        this.clientId = clientId;
        this.clientSecret = clientSecret;
        this.redirectUri = redirectUri;
    }

    final String clientId() {
        return clientId;
    }

    /** The user signed in at the provider, who consents to whatever is asked next. */
    final void signInAs(U user) {
        this.user = user;
    }

    /** Whether any authorization request carried a PKCE challenge. */
    final boolean pkceSeen() {
        return pkceSeen;
    }

    /** Serves {@code handler} at {@code path} (exactly); errors become a 500 the client sees. */
    final void route(String path, Handler handler) {
        server.createContext(path, exchange -> {
            try (exchange) {
                if (!exchange.getRequestURI().getPath().equals(path)) {
                    send(exchange, 404, "text/plain", "not found");
                    return;
                }
                handler.handle(exchange);
            } catch (RuntimeException e) {
                send(exchange, 500, "text/plain", String.valueOf(e));
            }
        });
    }

    /** An endpoint of the fake. */
    @FunctionalInterface
    interface Handler {
        void handle(HttpExchange exchange) throws IOException;
    }

    /** The token endpoint's JSON answer for a redeemed grant; {@code accessToken} is already issued. */
    abstract Map<String, Object> tokenResponse(Grant<U> grant, String accessToken);

    /** Whether the authorization request carries what this kind of provider requires on top of OAuth 2. */
    boolean acceptable(Map<String, String> authorizationRequest) {
        return true;
    }

    /** The grant of a bearer access token sent to a resource (user info), if it is one this server issued. */
    final Grant<U> bearer(HttpExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return accessTokens.get(header.substring(7).trim());
    }

    private void authorize(HttpExchange exchange) throws IOException {
        Map<String, String> query = form(exchange.getRequestURI().getRawQuery());
        // A wrong client or redirect URI is shown to the user, never redirected to (RFC 6749 §4.1.2.1).
        if (!Objects.equals(query.get("client_id"), clientId)
                || !Objects.equals(query.get("redirect_uri"), redirectUri)) {
            send(exchange, 400, "text/plain", "unknown client or unregistered redirect_uri");
            return;
        }
        String state = query.get("state");
        String challenge = query.get("code_challenge");
        if (!"code".equals(query.get("response_type"))
                || state == null
                || state.isBlank()
                || (challenge != null && !"S256".equals(query.get("code_challenge_method")))
                || !acceptable(query)) {
            redirect(exchange, redirectUri + "?error=invalid_request&state=" + encode(state == null ? "" : state));
            return;
        }
        pkceSeen |= challenge != null;
        String code = token();
        codes.put(code, new Grant<>(redirectUri, query.get("scope"), query.get("nonce"), challenge, user));
        redirect(exchange, redirectUri + "?code=" + encode(code) + "&state=" + encode(state));
    }

    private void token(HttpExchange exchange) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            send(exchange, 405, "text/plain", "POST only");
            return;
        }
        Map<String, String> body = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        if (!authenticatesClient(exchange, body)) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"token\"");
            sendJson(exchange, 401, Map.of("error", "invalid_client"));
            return;
        }
        Grant<U> grant = body.get("code") == null ? null : codes.remove(body.get("code"));
        if (!"authorization_code".equals(body.get("grant_type"))
                || grant == null
                || !grant.redirectUri().equals(body.get("redirect_uri"))
                || !verifies(grant.codeChallenge(), body.get("code_verifier"))) {
            sendJson(exchange, 400, Map.of("error", "invalid_grant"));
            return;
        }
        String accessToken = token();
        accessTokens.put(accessToken, grant);
        sendJson(exchange, 200, tokenResponse(grant, accessToken));
    }

    /** {@code client_secret_basic} (id and secret form-encoded, then Base64; RFC 6749 §2.3.1) or {@code client_secret_post}. */
    private boolean authenticatesClient(HttpExchange exchange, Map<String, String> body) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header != null && header.regionMatches(true, 0, "Basic ", 0, 6)) {
            String pair =
                    new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = pair.indexOf(':');
            return colon > 0
                    && clientId.equals(decode(pair.substring(0, colon)))
                    && clientSecret.equals(decode(pair.substring(colon + 1)));
        }
        return clientId.equals(body.get("client_id")) && clientSecret.equals(body.get("client_secret"));
    }

    private static boolean verifies(String challenge, String verifier) {
        if (challenge == null) {
            return verifier == null;
        }
        if (verifier == null) {
            return false;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(digest)
                    .equals(challenge);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String token() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static Map<String, String> form(String raw) {
        Map<String, String> values = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return values;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            values.put(name, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return values;
    }

    /** A JSON object with its members in the order given, for readable answers. */
    static Map<String, Object> json(Object... namesAndValues) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            object.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return object;
    }

    static void sendJson(HttpExchange exchange, int status, Map<String, ?> body) throws IOException {
        exchange.getResponseHeaders().add("Cache-Control", "no-store");
        send(exchange, status, "application/json", JSONObjectUtils.toJSONString(body));
    }

    static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", contentType + ";charset=UTF-8");
        // 0 would mean "chunked" to the JDK's server; -1 is "no body".
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    private static void redirect(HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().add("Location", location);
        exchange.sendResponseHeaders(302, -1);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static String decode(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
