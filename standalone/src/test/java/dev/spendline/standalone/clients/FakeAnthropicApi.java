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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local fake of Anthropic's Messages API for running Claude Code without a model: point Claude
 * Code at {@link #baseUrl()} with {@code ANTHROPIC_BASE_URL} and {@link #API_KEY} as
 * {@code ANTHROPIC_API_KEY}. A {@link Script} decides each answer from the request; every request is
 * recorded with the answer it got ({@link #exchanges()}).
 *
 * <p>Shaped like the real protocol (version {@code 2023-06-01}):
 *
 * <ul>
 *   <li>{@code POST /v1/messages} (any query, e.g. Claude Code's {@code ?beta=true}): with
 *       {@code "stream": true} a {@code text/event-stream} of {@code message_start}, {@code ping},
 *       per content block {@code content_block_start}, {@code content_block_delta}s
 *       ({@code text_delta} for text, {@code input_json_delta} with the tool input's JSON in pieces for
 *       {@code tool_use}) and {@code content_block_stop}, then {@code message_delta} (the
 *       {@code stop_reason}: {@code end_turn} or {@code tool_use}, output usage) and
 *       {@code message_stop}; otherwise one {@code message} object as JSON.
 *   <li>{@code POST /v1/messages/count_tokens}: {@code {"input_tokens": n}}, an estimate (a quarter
 *       of the request's characters).
 *   <li>Without {@code x-api-key} or {@code authorization}: 401 {@code authentication_error}; a body
 *       that is not a JSON object with {@code model} and {@code messages}: 400
 *       {@code invalid_request_error}; any other path or method (Claude Code's {@code HEAD /}
 *       connectivity probe included): 404 {@code not_found_error}. Errors have the API's shape
 *       {@code {"type": "error", "error": {"type": …, "message": …}}}; every answer has a
 *       {@code request-id} header.
 * </ul>
 */
public final class FakeAnthropicApi implements AutoCloseable {

    /** The key Claude Code is given; the fake only checks that a key is sent. */
    public static final String API_KEY = "sk-ant-api03-spendline-fake-key";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /** Decides the answer to one {@code POST /v1/messages} request (its parsed body). */
    @FunctionalInterface
    public interface Script {
        Reply answer(JsonNode request);

        /**
         * The round trip of one tool call: when the last user message carries a {@code tool_result},
         * answer with the text {@code finalText} makes of that block; else, when the request's
         * {@code tools} offer {@code toolName}, answer with a {@code tool_use} of it with
         * {@code input}; anything else (side requests, e.g. a small model's title or quota check)
         * gets the plain text {@code "OK"}.
         */
        static Script callToolThenAnswer(String toolName, JsonNode input, Function<JsonNode, String> finalText) {
            return request -> {
                Optional<JsonNode> result = lastToolResult(request);
                if (result.isPresent()) {
                    return Reply.text(finalText.apply(result.get()));
                }
                if (offersTool(request, toolName)) {
                    return Reply.toolUse(toolName, input);
                }
                return Reply.text("OK");
            };
        }
    }

    /** An assistant message: its content blocks ({@code text} or {@code tool_use}) and stop reason. */
    public record Reply(List<ObjectNode> content, String stopReason) {

        public static Reply text(String text) {
            ObjectNode block = NODES.objectNode().put("type", "text").put("text", text);
            return new Reply(List.of(block), "end_turn");
        }

        public static Reply toolUse(String name, JsonNode input) {
            ObjectNode block = NODES.objectNode()
                    .put("type", "tool_use")
                    .put("id", "toolu_01" + random(22))
                    .put("name", name);
            block.set("input", input);
            return new Reply(List.of(block), "tool_use");
        }

        public boolean isToolUse() {
            return "tool_use".equals(stopReason);
        }

        /** The first {@code tool_use} block, if any. */
        public Optional<ObjectNode> toolUse() {
            return content.stream()
                    .filter(block -> "tool_use".equals(block.get("type").asString()))
                    .findFirst();
        }

        /** The text of the text blocks, joined. */
        public String text() {
            StringBuilder text = new StringBuilder();
            content.stream()
                    .filter(block -> "text".equals(block.get("type").asString()))
                    .forEach(block -> text.append(block.get("text").asString()));
            return text.toString();
        }
    }

    /**
     * The usage a message reports: in {@code message_start} the input and cache counts (and one output
     * token), in {@code message_delta} the output tokens; Claude Code adds them up per model call.
     */
    public record Usage(int inputTokens, int cacheCreationInputTokens, int cacheReadInputTokens, int outputTokens) {

        ObjectNode json(int outputTokens) {
            return NODES.objectNode()
                    .put("input_tokens", inputTokens)
                    .put("cache_creation_input_tokens", cacheCreationInputTokens)
                    .put("cache_read_input_tokens", cacheReadInputTokens)
                    .put("output_tokens", outputTokens);
        }
    }

    /** One request the fake received: its body (null unless JSON) and the reply (null unless a message). */
    public record Exchange(
            String method, String path, Map<String, List<String>> headers, int status, JsonNode body, Reply reply) {

        public boolean isMessage() {
            return reply != null;
        }

        public Optional<String> header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream())
                    .findFirst();
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Script script;
    /** Null: input tokens estimated from the request's size, output from the reply's, no cache. */
    private final Usage usage;

    private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();

    private FakeAnthropicApi(Script script, Usage usage) throws IOException {
        this.script = script;
        this.usage = usage;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        this.executor = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "fake-anthropic-api");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /** Starts on 127.0.0.1 on a free port. */
    public static FakeAnthropicApi start(Script script) {
        return start(script, null);
    }

    /**
     * Starts on 127.0.0.1 on a free port; every message reports {@code usage} (null: estimated from
     * the sizes of the request and the reply, without cache).
     */
    public static FakeAnthropicApi start(Script script, Usage usage) {
        try {
            FakeAnthropicApi api = new FakeAnthropicApi(script, usage);
            api.server.start();
            return api;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:<port>}, what {@code ANTHROPIC_BASE_URL} is set to. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every request so far, in the order they arrived. */
    public List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /** The {@code POST /v1/messages} requests so far that were answered, in order. */
    public List<Exchange> messages() {
        return exchanges.stream().filter(Exchange::isMessage).toList();
    }

    /** A readable list of every request: method, path, model, stream, tool count, reply. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        for (Exchange e : exchanges) {
            text.append(e.method()).append(' ').append(e.path()).append(" -> ").append(e.status());
            if (e.body() != null && e.body().has("model")) {
                text.append(" model=").append(e.body().get("model").asString());
                text.append(" stream=").append(e.body().path("stream").asBoolean(false));
                text.append(" tools=").append(toolNames(e.body()));
            }
            if (e.reply() != null) {
                text.append(" reply=").append(e.reply().content());
            }
            text.append('\n');
        }
        return text.toString();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    // What a script reads in a request.

    /** The names in the request's {@code tools}. */
    public static List<String> toolNames(JsonNode request) {
        List<String> names = new ArrayList<>();
        request.path("tools").forEach(tool -> names.add(tool.path("name").asString("")));
        return names;
    }

    public static boolean offersTool(JsonNode request, String name) {
        return toolNames(request).contains(name);
    }

    /**
     * The {@code tool_result} block of the last user message, if it has one (Claude Code may put
     * system messages after it, so the last message with role {@code user} is read).
     */
    public static Optional<JsonNode> lastToolResult(JsonNode request) {
        JsonNode messages = request.path("messages");
        for (int i = messages.size() - 1; i >= 0; i--) {
            JsonNode message = messages.get(i);
            if (!"user".equals(message.path("role").asString(""))) {
                continue;
            }
            for (JsonNode block : message.path("content")) {
                if ("tool_result".equals(block.path("type").asString(""))) {
                    return Optional.of(block);
                }
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** A {@code tool_result} block's text: its string content, or its text blocks joined. */
    public static String toolResultText(JsonNode toolResult) {
        JsonNode content = toolResult.path("content");
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : content) {
            if ("text".equals(block.path("type").asString(""))) {
                text.append(block.path("text").asString(""));
            }
        }
        return text.toString();
    }

    // The protocol.

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
            String path = exchange.getRequestURI().getPath();
            byte[] raw = exchange.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = Map.copyOf(exchange.getRequestHeaders());
            JsonNode body = parse(raw);
            exchange.getResponseHeaders().add("request-id", "req_011" + random(21));

            if (!method.equals("POST") || !(path.equals("/v1/messages") || path.equals("/v1/messages/count_tokens"))) {
                record(method, exchange, headers, 404, body, null);
                error(exchange, 404, "not_found_error", "Not found");
                return;
            }
            if (!exchange.getRequestHeaders().containsKey("x-api-key")
                    && !exchange.getRequestHeaders().containsKey("authorization")) {
                record(method, exchange, headers, 401, body, null);
                error(exchange, 401, "authentication_error", "x-api-key header is required");
                return;
            }
            if (body == null
                    || !body.isObject()
                    || !body.has("model")
                    || !body.path("messages").isArray()) {
                record(method, exchange, headers, 400, body, null);
                error(exchange, 400, "invalid_request_error", "the body must be a JSON object with model and messages");
                return;
            }
            int inputTokens = usage != null ? usage.inputTokens() : Math.max(1, raw.length / 4);
            if (path.equals("/v1/messages/count_tokens")) {
                record(method, exchange, headers, 200, body, null);
                json(exchange, 200, NODES.objectNode().put("input_tokens", inputTokens));
                return;
            }
            Reply reply = script.answer(body);
            record(method, exchange, headers, 200, body, reply);
            String model = body.get("model").asString();
            Usage reported = usage != null ? usage : new Usage(inputTokens, 0, 0, outputTokens(reply));
            if (body.path("stream").asBoolean(false)) {
                stream(exchange, model, reply, reported);
            } else {
                ObjectNode message = message(model, reply, reported, reported.outputTokens());
                json(exchange, 200, message);
            }
        } catch (RuntimeException e) {
            // Shown to Claude Code as a server error, and in the test's output.
            e.printStackTrace();
            error(exchange, 500, "api_error", "the fake failed: " + e);
        }
    }

    private void record(
            String method,
            HttpExchange exchange,
            Map<String, List<String>> headers,
            int status,
            JsonNode body,
            Reply reply) {
        String query = exchange.getRequestURI().getRawQuery();
        String path = exchange.getRequestURI().getPath() + (query == null ? "" : "?" + query);
        exchanges.add(new Exchange(method, path, headers, status, body, reply));
    }

    private static ObjectNode message(String model, Reply reply, Usage usage, int outputTokens) {
        ObjectNode message = NODES.objectNode()
                .put("id", "msg_01" + random(22))
                .put("type", "message")
                .put("role", "assistant")
                .put("model", model);
        ArrayNode content = message.putArray("content");
        reply.content().forEach(content::add);
        message.put("stop_reason", reply.stopReason());
        message.putNull("stop_sequence");
        message.set("usage", usage.json(outputTokens));
        return message;
    }

    private static int outputTokens(Reply reply) {
        return Math.max(1, reply.content().toString().length() / 4);
    }

    private static void stream(HttpExchange exchange, String model, Reply reply, Usage usage) throws IOException {
        exchange.getResponseHeaders().add("content-type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().add("cache-control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();

        ObjectNode start = message(model, new Reply(List.of(), null), usage, 1);
        start.putArray("content");
        start.putNull("stop_reason");
        event(
                out,
                "message_start",
                NODES.objectNode().put("type", "message_start").set("message", start));
        event(out, "ping", NODES.objectNode().put("type", "ping"));
        for (int index = 0; index < reply.content().size(); index++) {
            ObjectNode block = reply.content().get(index);
            String type = block.get("type").asString();
            ObjectNode opening = block.deepCopy();
            List<ObjectNode> deltas = new ArrayList<>();
            if (type.equals("tool_use")) {
                opening.set("input", NODES.objectNode());
                for (String piece : halves(JSON.writeValueAsString(block.get("input")))) {
                    deltas.add(
                            NODES.objectNode().put("type", "input_json_delta").put("partial_json", piece));
                }
            } else {
                opening.put("text", "");
                for (String piece : halves(block.get("text").asString())) {
                    deltas.add(NODES.objectNode().put("type", "text_delta").put("text", piece));
                }
            }
            event(
                    out,
                    "content_block_start",
                    NODES.objectNode()
                            .put("type", "content_block_start")
                            .put("index", index)
                            .set("content_block", opening));
            for (ObjectNode delta : deltas) {
                event(
                        out,
                        "content_block_delta",
                        NODES.objectNode()
                                .put("type", "content_block_delta")
                                .put("index", index)
                                .set("delta", delta));
            }
            event(
                    out,
                    "content_block_stop",
                    NODES.objectNode().put("type", "content_block_stop").put("index", index));
        }
        ObjectNode delta = NODES.objectNode().put("stop_reason", reply.stopReason());
        delta.putNull("stop_sequence");
        ObjectNode messageDelta = NODES.objectNode().put("type", "message_delta");
        messageDelta.set("delta", delta);
        messageDelta.set("usage", NODES.objectNode().put("output_tokens", usage.outputTokens()));
        event(out, "message_delta", messageDelta);
        event(out, "message_stop", NODES.objectNode().put("type", "message_stop"));
        out.close();
    }

    /** The text in two pieces (one when it is shorter than two characters), as a stream delivers it. */
    private static List<String> halves(String text) {
        if (text.length() < 2) {
            return List.of(text);
        }
        int middle = text.length() / 2;
        return List.of(text.substring(0, middle), text.substring(middle));
    }

    private static void event(OutputStream out, String name, JsonNode data) throws IOException {
        out.write(("event: " + name + "\ndata: " + JSON.writeValueAsString(data) + "\n\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().add("content-type", "application/json");
        if (exchange.getRequestMethod().equalsIgnoreCase("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void error(HttpExchange exchange, int status, String type, String message) throws IOException {
        ObjectNode body = NODES.objectNode().put("type", "error");
        body.set("error", NODES.objectNode().put("type", type).put("message", message));
        json(exchange, status, body);
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

    private static String random(int length) {
        StringBuilder id = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}
