package dev.spendline.query.slack;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A local stand-in for Slack's Web API and OAuth endpoints, answering exactly as Slack documents them
 * ({@code {"ok":true,...}} / {@code {"ok":false,"error":"..."}}, HTTP 200 either way): {@code oauth.v2.access},
 * {@code auth.test}, {@code chat.postMessage}, {@code chat.update}, {@code auth.revoke}, and the
 * {@code response_url} of slash commands ({@code /response/<id>}). Methods take a form body or, as Slack
 * also accepts, a JSON body with the token as a bearer. It records every call so tests can check what
 * Spendline sent, keeps the channel's messages as Slack would show them (an update replaces a message's
 * text and blocks, same {@code ts}), and can answer as Slack does when it is unhappy: HTTP 429 with
 * {@code Retry-After}, a 5xx, or {@code not_in_channel} for a channel the bot was not invited to.
 */
final class FakeSlack implements AutoCloseable {

    static final String CLIENT_ID = "1111.2222";
    static final String CLIENT_SECRET = "client-secret-of-the-test-app";

    /** One call to the fake: its path, its form or JSON body, and its bearer token. */
    record Call(String path, Map<String, String> form, String body, String token) {}

    /** A Slack team the next authorization code installs into, with the bot token Slack issues. */
    record Team(String id, String name, String botToken) {}

    private final HttpServer server;
    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Team> codes = new ConcurrentHashMap<>();
    private final Map<String, String> revoked = new ConcurrentHashMap<>();

    FakeSlack() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    String apiUrl() {
        return base() + "/api/";
    }

    /** Slack will accept {@code code} once, installing into {@code team}. */
    void willInstall(String code, Team team) {
        codes.put(code, team);
        issued.put(team.botToken(), team);
    }

    synchronized List<Call> calls(String path) {
        return calls.stream().filter(c -> c.path().equals(path)).toList();
    }

    /** Waits up to ten seconds for a call matching {@code test}; answers are sent off the request thread. */
    Call await(String path, Predicate<Call> test) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            for (Call call : calls(path)) {
                if (test.test(call)) {
                    return call;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no call to " + path + " as expected; calls: " + calls(path));
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String contentType = String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type"));
        Map<String, String> form = contentType.startsWith("application/x-www-form-urlencoded")
                ? form(body)
                : contentType.startsWith("application/json") ? jsonForm(body) : Map.of();
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        String token = authorization != null && authorization.startsWith("Bearer ")
                ? authorization.substring(7)
                : form.get("token");
        // Slack takes the client's credentials as form fields or, preferred, as HTTP Basic authentication.
        if (authorization != null && authorization.startsWith("Basic ")) {
            String[] basic = new String(
                            java.util.Base64.getDecoder().decode(authorization.substring(6)), StandardCharsets.UTF_8)
                    .split(":", 2);
            form = new LinkedHashMap<>(form);
            form.put("client_id", URLDecoder.decode(basic[0], StandardCharsets.UTF_8));
            form.put("client_secret", URLDecoder.decode(basic[1], StandardCharsets.UTF_8));
        }
        synchronized (this) {
            calls.add(new Call(path, form, body, token));
        }
        Failure failure = failures.get(path) == null ? null : failures.get(path).poll();
        if (failure != null) {
            // As Slack answers when it is rate limiting (429, Retry-After in seconds) or failing (5xx).
            byte[] bytes = (failure.status() == 429 ? "{\"ok\":false,\"error\":\"ratelimited\"}" : "upstream failure")
                    .getBytes(StandardCharsets.UTF_8);
            if (failure.retryAfter() != null) {
                exchange.getResponseHeaders().add("Retry-After", failure.retryAfter());
            }
            exchange.sendResponseHeaders(failure.status(), bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
            return;
        }
        String answer;
        if (path.startsWith("/response/")) {
            answer = "{\"ok\":true}";
        } else {
            answer = switch (path) {
                case "/api/oauth.v2.access" -> oauthV2Access(form);
                case "/api/auth.test" -> authTest(token);
                case "/api/chat.postMessage" -> known(token)
                        ? posted(token, form)
                        : "{\"ok\":false,\"error\":\"invalid_auth\"}";
                case "/api/chat.update" -> known(token)
                        ? updated(token, form)
                        : "{\"ok\":false,\"error\":\"invalid_auth\"}";
                case "/api/conversations.replies" -> known(token)
                        ? replies(form)
                        : "{\"ok\":false,\"error\":\"invalid_auth\"}";
                case "/api/auth.revoke" -> revoke(token);
                default -> "{\"ok\":false,\"error\":\"unknown_method\"}";};
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    /** Messages posted in threads, oldest first: each as conversations.replies lists it. */
    private final List<Map<String, Object>> posted = new ArrayList<>();

    /** An answer Slack gives instead of the method's: an HTTP status, and Retry-After for a 429. */
    record Failure(int status, String retryAfter) {}

    private final Map<String, java.util.Queue<Failure>> failures = new ConcurrentHashMap<>();
    private final java.util.Set<String> channelsWithoutBot = ConcurrentHashMap.newKeySet();

    /** The next calls of {@code method} (e.g. {@code chat.postMessage}) get these answers, in order. */
    void failNext(String method, Failure... answers) {
        failures.computeIfAbsent("/api/" + method, m -> new java.util.concurrent.ConcurrentLinkedQueue<>())
                .addAll(List.of(answers));
    }

    /** The bot was not invited to {@code channel}: posting there is {@code not_in_channel}. */
    void withoutBot(String channel) {
        channelsWithoutBot.add(channel);
    }

    /** The bot was invited to {@code channel}. */
    void withBot(String channel) {
        channelsWithoutBot.remove(channel);
    }

    /** The messages of a channel as Slack shows them now: an update replaced text and blocks in place. */
    synchronized List<Map<String, Object>> messages(String channel) {
        return posted.stream()
                .filter(m -> channel.equals(m.get("channel")))
                .map(LinkedHashMap::new)
                .map(m -> (Map<String, Object>) m)
                .toList();
    }

    /** As documented at https://api.slack.com/methods/chat.postMessage; metadata is kept as sent. */
    private synchronized String posted(String token, Map<String, String> form) {
        String channel = form.get("channel");
        if (channel == null || channel.isBlank()) {
            return "{\"ok\":false,\"error\":\"channel_not_found\"}";
        }
        if (channelsWithoutBot.contains(channel)) {
            return "{\"ok\":false,\"error\":\"not_in_channel\"}";
        }
        if (form.get("text") == null && form.get("blocks") == null) {
            return "{\"ok\":false,\"error\":\"no_text\"}";
        }
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("type", "message");
        message.put("channel", form.get("channel"));
        message.put("thread_ts", form.get("thread_ts"));
        message.put("ts", String.format("1764066999.%06d", posted.size() + 1));
        message.put("text", form.get("text"));
        message.put("bot_id", "B0BOT" + team(token).id());
        if (form.get("blocks") != null) {
            message.put("blocks", dev.spendline.contracts.json.Json.MAPPER.readValue(form.get("blocks"), List.class));
        }
        if (form.get("metadata") != null) {
            message.put(
                    "metadata", dev.spendline.contracts.json.Json.MAPPER.readValue(form.get("metadata"), Map.class));
        }
        posted.add(message);
        return "{\"ok\":true,\"channel\":\"" + form.get("channel") + "\",\"ts\":\"" + message.get("ts")
                + "\",\"message\":{\"type\":\"message\",\"text\":\"ok\"}}";
    }

    /**
     * As documented at https://api.slack.com/methods/chat.update: the message of that channel and
     * {@code ts} gets the new text and blocks; {@code message_not_found} for none, {@code
     * cant_update_message} for another bot's message; the answer names the channel and ts.
     */
    private synchronized String updated(String token, Map<String, String> form) {
        if (form.get("channel") == null) {
            return "{\"ok\":false,\"error\":\"channel_not_found\"}";
        }
        for (Map<String, Object> message : posted) {
            if (form.get("channel").equals(message.get("channel"))
                    && String.valueOf(form.get("ts")).equals(message.get("ts"))) {
                if (!("B0BOT" + team(token).id()).equals(message.get("bot_id"))) {
                    return "{\"ok\":false,\"error\":\"cant_update_message\"}";
                }
                message.put("text", form.get("text"));
                if (form.get("blocks") != null) {
                    message.put(
                            "blocks",
                            dev.spendline.contracts.json.Json.MAPPER.readValue(form.get("blocks"), List.class));
                }
                message.put("edited", Map.of("user", "U0BOT" + team(token).id()));
                Map<String, Object> answer = new LinkedHashMap<>();
                answer.put("ok", true);
                answer.put("channel", message.get("channel"));
                answer.put("ts", message.get("ts"));
                answer.put("text", message.get("text"));
                answer.put("message", Map.of("text", String.valueOf(message.get("text")), "type", "message"));
                return dev.spendline.contracts.json.Json.MAPPER.writeValueAsString(answer);
            }
        }
        return "{\"ok\":false,\"error\":\"message_not_found\"}";
    }

    /**
     * As documented at https://api.slack.com/methods/conversations.replies: the thread's messages
     * (here, the ones this fake was asked to post in it), with their metadata only when
     * {@code include_all_metadata} is set.
     */
    private synchronized String replies(Map<String, String> form) {
        boolean metadata =
                "true".equals(form.get("include_all_metadata")) || "1".equals(form.get("include_all_metadata"));
        List<Map<String, Object>> messages = new ArrayList<>();
        for (Map<String, Object> message : posted) {
            if (form.get("channel").equals(message.get("channel"))
                    && form.get("ts").equals(message.get("thread_ts"))) {
                Map<String, Object> listed = new LinkedHashMap<>(message);
                if (!metadata) {
                    listed.remove("metadata");
                }
                messages.add(listed);
            }
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ok", true);
        answer.put("messages", messages);
        answer.put("has_more", false);
        return dev.spendline.contracts.json.Json.MAPPER.writeValueAsString(answer);
    }

    /** As documented at https://api.slack.com/methods/oauth.v2.access (example response). */
    private String oauthV2Access(Map<String, String> form) {
        if (!CLIENT_ID.equals(form.get("client_id"))) {
            return "{\"ok\":false,\"error\":\"invalid_client_id\"}";
        }
        if (!CLIENT_SECRET.equals(form.get("client_secret"))) {
            return "{\"ok\":false,\"error\":\"bad_client_secret\"}";
        }
        Team team = codes.remove(String.valueOf(form.get("code")));
        if (team == null) {
            return "{\"ok\":false,\"error\":\"invalid_code\"}";
        }
        return "{\"ok\":true,\"access_token\":\"" + team.botToken() + "\",\"token_type\":\"bot\","
                + "\"scope\":\"" + SlackProperties.SCOPES + "\",\"bot_user_id\":\"U0BOT" + team.id() + "\","
                + "\"app_id\":\"A0SPENDLINE\",\"team\":{\"name\":\"" + team.name() + "\",\"id\":\"" + team.id() + "\"},"
                + "\"enterprise\":null,\"is_enterprise_install\":false,"
                + "\"authed_user\":{\"id\":\"U1234\"}}";
    }

    /** As documented at https://api.slack.com/methods/auth.test; Bolt asks it to authorize each request. */
    private String authTest(String token) {
        Team team = team(token);
        if (team == null) {
            return "{\"ok\":false,\"error\":\"invalid_auth\"}";
        }
        return "{\"ok\":true,\"url\":\"https://" + team.id().toLowerCase() + ".slack.com/\",\"team\":\"" + team.name()
                + "\",\"user\":\"spendline\",\"team_id\":\"" + team.id() + "\",\"user_id\":\"U0BOT" + team.id()
                + "\",\"bot_id\":\"B0BOT" + team.id() + "\",\"is_enterprise_install\":false}";
    }

    private String revoke(String token) {
        if (!known(token)) {
            return "{\"ok\":false,\"error\":\"invalid_auth\"}";
        }
        revoked.put(token, token);
        return "{\"ok\":true,\"revoked\":true}";
    }

    private final Map<String, Team> issued = new ConcurrentHashMap<>();

    /** Tokens of teams this fake installed (remembered when handed out) and not revoked. */
    private Team team(String token) {
        if (token == null || revoked.containsKey(token)) {
            return null;
        }
        return issued.get(token);
    }

    private boolean known(String token) {
        return team(token) != null;
    }

    boolean wasRevoked(String token) {
        return revoked.containsKey(token);
    }

    /** A JSON body's fields as the form fields they stand for: strings as they are, the rest as JSON. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> jsonForm(String body) {
        Map<String, String> form = new LinkedHashMap<>();
        if (body.isBlank()) {
            return form;
        }
        Map<String, Object> json = dev.spendline.contracts.json.Json.MAPPER.readValue(body, Map.class);
        json.forEach((name, value) -> form.put(
                name,
                value == null || value instanceof String
                        ? (String) value
                        : dev.spendline.contracts.json.Json.MAPPER.writeValueAsString(value)));
        return form;
    }

    private static Map<String, String> form(String body) {
        Map<String, String> form = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            form.put(name, value);
        }
        return form;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
