package dev.spendline.standalone.clients;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local fake of OpenAI's Responses API for running Codex without a model: Codex's model provider
 * gets {@link #baseUrl()} ({@code http://127.0.0.1:<port>/v1}) as {@code base_url} with
 * {@code wire_api = "responses"}, and any key through its {@code env_key}. Every answer is the same
 * text with the same {@link Usage}; every request is recorded ({@link #exchanges()}).
 *
 * <p>Shaped like the real protocol:
 *
 * <ul>
 *   <li>{@code POST /v1/responses} with {@code "stream": true} (what Codex sends): a
 *       {@code text/event-stream} of {@code response.created}, {@code response.in_progress},
 *       {@code response.output_item.added} (a {@code message} item), {@code response.content_part.added}
 *       (an {@code output_text} part), two {@code response.output_text.delta}s,
 *       {@code response.output_text.done}, {@code response.content_part.done},
 *       {@code response.output_item.done} and {@code response.completed}, whose response carries the
 *       {@code usage}: {@code input_tokens} (cached included), {@code input_tokens_details.cached_tokens},
 *       {@code output_tokens} (reasoning included), {@code output_tokens_details.reasoning_tokens},
 *       {@code total_tokens}. Each event is {@code event: <type>} plus {@code data: <json>} with
 *       {@code type} and an increasing {@code sequence_number}. Without {@code stream}: the completed
 *       {@code response} object as JSON.
 *   <li>{@code GET /v1/models}: a {@code list} with the one model {@link #MODEL}.
 *   <li>{@code POST /v1/analytics/codex/turn-costs} (Codex 0.169 posts {@code {"turn_ids": […]}} to its
 *       provider after each turn): {@code {}}.
 *   <li>Without {@code Authorization: Bearer …}: 401 {@code invalid_api_key}; a responses body that is
 *       not a JSON object with {@code model} and {@code input}: 400 {@code invalid_request_error}; any
 *       other path or method: 404. Errors have the API's shape
 *       {@code {"error": {"message", "type", "param", "code"}}}; every answer has an
 *       {@code x-request-id} header.
 * </ul>
 */
public final class FakeOpenAiApi implements AutoCloseable {

    /** The key Codex is given; the fake only checks that one is sent. */
    public static final String API_KEY = "sk-proj-spendline-fake-key";
    /** The model Codex is configured with (in the service's price book). */
    public static final String MODEL = "gpt-5-codex";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The token counts every response reports, as OpenAI counts them (cached within input, reasoning within output). */
    public record Usage(int inputTokens, int cachedTokens, int outputTokens, int reasoningTokens) {

        public Usage {
            if (cachedTokens > inputTokens || reasoningTokens > outputTokens) {
                throw new IllegalArgumentException("cached tokens are part of input tokens, reasoning part of output");
            }
        }

        public int totalTokens() {
            return inputTokens + outputTokens;
        }

        ObjectNode json() {
            ObjectNode usage = NODES.objectNode().put("input_tokens", inputTokens);
            usage.set("input_tokens_details", NODES.objectNode().put("cached_tokens", cachedTokens));
            usage.put("output_tokens", outputTokens);
            usage.set("output_tokens_details", NODES.objectNode().put("reasoning_tokens", reasoningTokens));
            usage.put("total_tokens", totalTokens());
            return usage;
        }
    }

    /** One request the fake received: its body (null unless JSON); {@code answered} when it got a response. */
    public record Exchange(
            String method,
            String path,
            Map<String, List<String>> headers,
            int status,
            JsonNode body,
            boolean answered) {

        public Optional<String> header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream())
                    .findFirst();
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final String text;
    private final Usage usage;
    private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();

    private FakeOpenAiApi(String text, Usage usage) throws IOException {
        this.text = text;
        this.usage = usage;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        this.executor = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "fake-openai-api");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /** Starts on 127.0.0.1 on a free port; every response answers {@code text} and reports {@code usage}. */
    public static FakeOpenAiApi start(String text, Usage usage) {
        try {
            FakeOpenAiApi api = new FakeOpenAiApi(text, usage);
            api.server.start();
            return api;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:<port>/v1}, a model provider's {@code base_url}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public Usage usage() {
        return usage;
    }

    /** Every request so far, in the order they arrived. */
    public List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /** The {@code POST /v1/responses} requests that were answered with a response. */
    public List<Exchange> responses() {
        return exchanges.stream().filter(Exchange::answered).toList();
    }

    /** A readable list of every request: method, path, status, model, stream. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        for (Exchange e : exchanges) {
            out.append(e.method()).append(' ').append(e.path()).append(" -> ").append(e.status());
            if (e.body() != null && e.body().has("model")) {
                out.append(" model=").append(e.body().get("model").asString());
                out.append(" stream=").append(e.body().path("stream").asBoolean(false));
            }
            out.append('\n');
        }
        return out.toString();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    // The protocol.

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
            String path = exchange.getRequestURI().getPath();
            byte[] raw = exchange.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = Map.copyOf(exchange.getRequestHeaders());
            JsonNode body = parse(raw);
            exchange.getResponseHeaders().add("x-request-id", "req_" + hex(16));

            boolean known = method.equals("POST") && path.equals("/v1/responses")
                    || method.equals("GET") && path.equals("/v1/models")
                    || method.equals("POST") && path.equals("/v1/analytics/codex/turn-costs");
            if (!known) {
                record(method, exchange, headers, 404, body, false);
                error(exchange, 404, "invalid_request_error", null, "Invalid URL (" + method + " " + path + ")");
                return;
            }
            String authorization = exchange.getRequestHeaders().getFirst("authorization");
            if (authorization == null || !authorization.startsWith("Bearer ") || authorization.length() <= 7) {
                record(method, exchange, headers, 401, body, false);
                error(exchange, 401, "invalid_request_error", "invalid_api_key", "You didn't provide an API key.");
                return;
            }
            if (path.equals("/v1/models")) {
                record(method, exchange, headers, 200, body, false);
                ObjectNode list = NODES.objectNode().put("object", "list");
                list.putArray("data")
                        .addObject()
                        .put("id", MODEL)
                        .put("object", "model")
                        .put("created", 1_700_000_000L)
                        .put("owned_by", "openai");
                json(exchange, 200, list);
                return;
            }
            if (path.equals("/v1/analytics/codex/turn-costs")) {
                record(method, exchange, headers, 200, body, false);
                json(exchange, 200, NODES.objectNode());
                return;
            }
            if (body == null || !body.isObject() || !body.has("model") || !body.has("input")) {
                record(method, exchange, headers, 400, body, false);
                error(
                        exchange,
                        400,
                        "invalid_request_error",
                        null,
                        "the body must be a JSON object with model and input");
                return;
            }
            record(method, exchange, headers, 200, body, true);
            String model = body.get("model").asString();
            String responseId = "resp_" + hex(24);
            String itemId = "msg_" + hex(24);
            if (body.path("stream").asBoolean(false)) {
                stream(exchange, model, responseId, itemId);
            } else {
                json(exchange, 200, response(model, responseId, "completed", itemId));
            }
        } catch (RuntimeException e) {
            // Shown to Codex as a server error, and in the test's output.
            e.printStackTrace();
            error(exchange, 500, "server_error", null, "the fake failed: " + e);
        }
    }

    private void record(
            String method,
            HttpExchange exchange,
            Map<String, List<String>> headers,
            int status,
            JsonNode body,
            boolean answered) {
        String query = exchange.getRequestURI().getRawQuery();
        String path = exchange.getRequestURI().getPath() + (query == null ? "" : "?" + query);
        exchanges.add(new Exchange(method, path, headers, status, body, answered));
    }

    /** The response object; with status {@code completed} its output and usage, else empty ones. */
    private ObjectNode response(String model, String id, String status, String itemId) {
        ObjectNode response = NODES.objectNode()
                .put("id", id)
                .put("object", "response")
                .put("created_at", Instant.now().getEpochSecond())
                .put("status", status);
        response.putNull("error");
        response.putNull("incomplete_details");
        response.putNull("instructions");
        response.putNull("max_output_tokens");
        response.put("model", model);
        if (status.equals("completed")) {
            response.putArray("output").add(message(itemId, "completed"));
            response.set("usage", usage.json());
        } else {
            response.putArray("output");
            response.putNull("usage");
        }
        response.put("parallel_tool_calls", true);
        response.putNull("previous_response_id");
        response.put("store", false);
        response.put("tool_choice", "auto");
        response.putArray("tools");
        return response;
    }

    private ObjectNode message(String itemId, String status) {
        ObjectNode item = NODES.objectNode()
                .put("id", itemId)
                .put("type", "message")
                .put("status", status)
                .put("role", "assistant");
        if (status.equals("completed")) {
            item.putArray("content").add(part(text));
        } else {
            item.putArray("content");
        }
        return item;
    }

    private static ObjectNode part(String text) {
        ObjectNode part = NODES.objectNode().put("type", "output_text").put("text", text);
        part.putArray("annotations");
        part.putArray("logprobs");
        return part;
    }

    private void stream(HttpExchange exchange, String model, String responseId, String itemId) throws IOException {
        exchange.getResponseHeaders().add("content-type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().add("cache-control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        Events events = new Events(out);

        events.send("response.created", wrap("response", response(model, responseId, "in_progress", itemId)));
        events.send("response.in_progress", wrap("response", response(model, responseId, "in_progress", itemId)));
        events.send(
                "response.output_item.added",
                wrap("item", message(itemId, "in_progress")).put("output_index", 0));
        events.send("response.content_part.added", partEvent(itemId, part("")));
        int middle = text.length() / 2;
        for (String piece : middle == 0 ? List.of(text) : List.of(text.substring(0, middle), text.substring(middle))) {
            ObjectNode delta = textEvent(itemId).put("delta", piece);
            delta.putArray("logprobs");
            events.send("response.output_text.delta", delta);
        }
        ObjectNode done = textEvent(itemId).put("text", text);
        done.putArray("logprobs");
        events.send("response.output_text.done", done);
        events.send("response.content_part.done", partEvent(itemId, part(text)));
        events.send(
                "response.output_item.done",
                wrap("item", message(itemId, "completed")).put("output_index", 0));
        events.send("response.completed", wrap("response", response(model, responseId, "completed", itemId)));
        out.close();
    }

    private static ObjectNode wrap(String field, ObjectNode value) {
        ObjectNode event = NODES.objectNode();
        event.set(field, value);
        return event;
    }

    private static ObjectNode textEvent(String itemId) {
        return NODES.objectNode().put("item_id", itemId).put("output_index", 0).put("content_index", 0);
    }

    private static ObjectNode partEvent(String itemId, ObjectNode part) {
        ObjectNode event = textEvent(itemId);
        event.set("part", part);
        return event;
    }

    /** Server-sent events with OpenAI's framing: the type as the event name and in the data, a sequence number. */
    private static final class Events {
        private final OutputStream out;
        private int sequence;

        Events(OutputStream out) {
            this.out = out;
        }

        void send(String type, ObjectNode data) throws IOException {
            ObjectNode event = NODES.objectNode().put("type", type).put("sequence_number", sequence++);
            event.setAll(data);
            out.write(("event: " + type + "\ndata: " + JSON.writeValueAsString(event) + "\n\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    private static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().add("content-type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void error(HttpExchange exchange, int status, String type, String code, String message)
            throws IOException {
        ObjectNode error = NODES.objectNode().put("message", message).put("type", type);
        error.putNull("param");
        if (code == null) {
            error.putNull("code");
        } else {
            error.put("code", code);
        }
        json(exchange, status, wrap("error", error));
    }

    private static JsonNode parse(byte[] raw) {
        if (raw.length == 0) {
            return null;
        }
        try {
            return JSON.readTree(raw);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
