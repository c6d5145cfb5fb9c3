package dev.spendline.cli.collector;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.spendline.cli.Json;
import dev.spendline.contracts.usage.InternalUsageReader;
import dev.spendline.contracts.validation.FieldError;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A test double of Spendline's protocol surface the collector talks to, on a free loopback port:
 * RFC 8414 metadata, the token endpoint (device code and refresh token grants, with rotation and
 * {@code invalid_grant} for a stale refresh token), device authorization, revocation, and
 * {@code POST /api/v1/internal-usage} answering scripted statuses. The real server is exercised by
 * the standalone ITs; this one lets unit tests choose every answer.
 */
final class FakeSpendline implements AutoCloseable {

    final HttpServer server;
    /** Answers of the device code grant, in order: "authorization_pending", "slow_down", "ok", ... */
    final Deque<String> deviceAnswers = new ArrayDeque<>();
    /**
     * Statuses of the ingest endpoint, in order; once empty, the rows are checked with the service's
     * own reader ({@code InternalUsageReader}): 202, or 400 with the service's errors.
     */
    final Deque<Integer> ingestStatuses = new ArrayDeque<>();

    final List<JsonNode> receivedRows = Collections.synchronizedList(new ArrayList<>());
    final List<String> ingestAuthorizations = Collections.synchronizedList(new ArrayList<>());
    final List<String> revoked = Collections.synchronizedList(new ArrayList<>());
    final List<Map<String, String>> tokenRequests = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger issued = new AtomicInteger();
    final List<Map<String, String>> authorizeRequests = Collections.synchronizedList(new ArrayList<>());
    final Map<String, String> codeChallenges = new java.util.concurrent.ConcurrentHashMap<>();
    volatile boolean denyAuthorization;
    volatile String currentRefreshToken;
    volatile long expiresIn = 3600;
    volatile String email = "ada@example.com";
    volatile String workspaceName = "Acme";
    volatile String name = "Ada Lovelace";

    FakeSpendline() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** An unsigned JWT with the claims the server puts in collector tokens. */
    String accessToken() {
        ObjectNode claims = Json.object();
        claims.put("sub", "u1");
        claims.put("aud", url() + "/api/v1/internal-usage");
        claims.put("scope", "usage:write");
        claims.put("workspace_id", "ws_1");
        claims.put("workspace_name", workspaceName);
        claims.put("email", email);
        claims.put("name", name);
        claims.put("n", issued.incrementAndGet());
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString("{\"alg\":\"none\"}".getBytes()) + "."
                + b64.encodeToString(Json.write(claims).getBytes(StandardCharsets.UTF_8)) + ".";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            switch (path) {
                case "/.well-known/oauth-authorization-server" -> {
                    ObjectNode metadata = Json.object();
                    metadata.put("issuer", url());
                    metadata.put("authorization_endpoint", url() + "/oauth2/authorize");
                    metadata.put("token_endpoint", url() + "/oauth2/token");
                    metadata.put("device_authorization_endpoint", url() + "/oauth2/device_authorization");
                    metadata.put("revocation_endpoint", url() + "/oauth2/revoke");
                    json(exchange, 200, metadata);
                }
                case "/oauth2/device_authorization" -> {
                    ObjectNode device = Json.object();
                    device.put("device_code", "dev-code-1");
                    device.put("user_code", "WDJB-MJHT");
                    device.put("verification_uri", url() + "/activate");
                    device.put("verification_uri_complete", url() + "/activate?user_code=WDJB-MJHT");
                    device.put("expires_in", 600);
                    device.put("interval", 1);
                    json(exchange, 200, device);
                }
                case "/oauth2/authorize" -> {
                    // The user "allows" at once: back to the loopback redirect with a code bound to the challenge.
                    Map<String, String> query =
                            BrowserAuthorization.query(exchange.getRequestURI().getRawQuery());
                    authorizeRequests.add(query);
                    String location;
                    if (denyAuthorization) {
                        location = query.get("redirect_uri") + "?error=access_denied&state=" + query.get("state");
                    } else {
                        String code = "code-" + issued.get();
                        codeChallenges.put(code, query.get("code_challenge"));
                        location = query.get("redirect_uri") + "?code=" + code + "&state=" + query.get("state");
                    }
                    exchange.getResponseHeaders().set("Location", location);
                    exchange.sendResponseHeaders(302, -1);
                }
                case "/oauth2/token" -> token(exchange, BrowserAuthorization.query(body));
                case "/oauth2/revoke" -> {
                    revoked.add(BrowserAuthorization.query(body).get("token"));
                    exchange.sendResponseHeaders(200, -1);
                }
                case "/api/v1/internal-usage" -> {
                    ingestAuthorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
                    Integer status = ingestStatuses.poll();
                    List<FieldError> errors = status == null ? validate(body) : List.of();
                    int answer = status != null ? status : errors.isEmpty() ? 202 : 400;
                    if (!errors.isEmpty()) {
                        ObjectNode problem = Json.object();
                        problem.put("code", "validation_failed");
                        problem.put("detail", errors.size() + " field(s) invalid");
                        errors.forEach(e -> problem.withArray("errors")
                                .addObject()
                                .put("pointer", e.pointer())
                                .put("message", e.message()));
                        json(exchange, answer, problem);
                    } else if (answer / 100 == 2) {
                        JsonNode parsed = Json.mapper().readTree(body);
                        if (parsed.has("rows")) {
                            parsed.get("rows").forEach(receivedRows::add);
                        } else {
                            receivedRows.add(parsed);
                        }
                        ObjectNode accepted = Json.object();
                        accepted.put(
                                "accepted",
                                parsed.has("rows") ? parsed.get("rows").size() : 1);
                        json(exchange, answer, accepted);
                    } else {
                        ObjectNode problem = Json.object();
                        problem.put(
                                "code", answer == 401 ? "unauthorized" : answer == 400 ? "invalid_row" : "unavailable");
                        problem.put("detail", "scripted " + answer);
                        json(exchange, answer, problem);
                    }
                }
                default -> exchange.sendResponseHeaders(404, -1);
            }
        }
    }

    private void token(HttpExchange exchange, Map<String, String> form) throws IOException {
        tokenRequests.add(form);
        String grant = form.get("grant_type");
        if (OAuthClient.DEVICE_GRANT.equals(grant)) {
            String answer = deviceAnswers.isEmpty() ? "ok" : deviceAnswers.poll();
            if (!answer.equals("ok")) {
                ObjectNode error = Json.object();
                error.put("error", answer);
                json(exchange, 400, error);
                return;
            }
            json(exchange, 200, tokens());
        } else if ("authorization_code".equals(grant)) {
            String challenge = codeChallenges.remove(String.valueOf(form.get("code")));
            if (challenge == null
                    || !challenge.equals(BrowserAuthorization.challenge(String.valueOf(form.get("code_verifier"))))) {
                ObjectNode error = Json.object();
                error.put("error", "invalid_grant");
                json(exchange, 400, error);
                return;
            }
            json(exchange, 200, tokens());
        } else if ("refresh_token".equals(grant)) {
            if (currentRefreshToken == null || !currentRefreshToken.equals(form.get("refresh_token"))) {
                ObjectNode error = Json.object();
                error.put("error", "invalid_grant");
                json(exchange, 400, error);
                return;
            }
            json(exchange, 200, tokens());
        } else {
            ObjectNode error = Json.object();
            error.put("error", "unsupported_grant_type");
            json(exchange, 400, error);
        }
    }

    private ObjectNode tokens() {
        currentRefreshToken = "refresh-" + issued.get() + "-" + System.nanoTime();
        ObjectNode tokens = Json.object();
        tokens.put("access_token", accessToken());
        tokens.put("refresh_token", currentRefreshToken);
        tokens.put("token_type", "Bearer");
        tokens.put("expires_in", expiresIn);
        tokens.put("scope", "usage:write");
        return tokens;
    }

    /** What the service's reader finds wrong with the rows of an ingest body. */
    private static List<FieldError> validate(String body) {
        JsonNode parsed = dev.spendline.contracts.json.Json.MAPPER.readTree(body);
        List<FieldError> errors = new ArrayList<>();
        Instant now = Instant.now();
        if (parsed.has("rows")) {
            int i = 0;
            for (JsonNode row : parsed.get("rows")) {
                InternalUsageReader.read(row, "/rows/" + i++, now, errors);
            }
        } else {
            InternalUsageReader.read(parsed, "", now, errors);
        }
        return errors;
    }

    private static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
