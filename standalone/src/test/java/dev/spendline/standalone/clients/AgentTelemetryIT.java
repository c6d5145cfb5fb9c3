package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * What the real agents send as OpenTelemetry, with nothing of Spendline in between: Claude Code and
 * Codex, each answered by its fake model API, export to a capture receiver configured as
 * {@code spendline collector setup} configures them. These are the facts the collector's mapping
 * rests on (see {@code cli/src/test/resources/otlp/README.md}); when a new agent version changes
 * them, this test says so before the end-to-end test does.
 */
class AgentTelemetryIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final FakeAnthropicApi.Usage CLAUDE_USAGE = new FakeAnthropicApi.Usage(1000, 300, 200, 40);
    private static final FakeOpenAiApi.Usage CODEX_USAGE = new FakeOpenAiApi.Usage(1200, 200, 30, 10);

    @BeforeAll
    static void clients() {
        NodeClients.requireOrSkip();
    }

    @Test
    void claudeCodeExportsOneApiRequestRecordWithTheUsageCostAndRequestIdOfTheModelCall() {
        try (FakeAnthropicApi api =
                        FakeAnthropicApi.start(request -> FakeAnthropicApi.Reply.text("Hi there"), CLAUDE_USAGE);
                Capture capture = Capture.start()) {
            ClaudeCode claude = ClaudeCode.create(api);
            writeClaudeSettings(claude.home(), capture.url(), "http/json");

            NodeClients.Result result = claude.print("say hi").assertSucceeded();

            assertThat(result.stdout()).contains("Hi there");
            assertThat(api.messages()).hasSize(1);
            // One export at exit here; a batch exporter may split a longer session's records over several.
            List<Capture.Request> logs = capture.at("/v1/logs");
            assertThat(logs).as(capture.describe()).isNotEmpty();
            assertThat(logs).allSatisfy(export -> {
                assertThat(export.contentType()).isEqualTo("application/json");
                assertThat(export.header("x-spendline-test")).contains("claude");
            });
            JsonNode resource = logs.get(0).json().get("resourceLogs").get(0).get("resource");
            assertThat(attribute(resource, "user.email")).isEqualTo("ada@example.com");
            assertThat(attribute(resource, "service.name")).isEqualTo("claude-code");

            List<JsonNode> apiRequests = records(logs, "claude_code.api_request");
            assertThat(apiRequests).hasSize(1);
            JsonNode record = apiRequests.get(0);
            assertThat(attribute(record, "model"))
                    .isEqualTo(api.messages().get(0).body().get("model").asString());
            assertThat(attribute(record, "input_tokens")).isEqualTo("1000");
            assertThat(attribute(record, "cache_creation_tokens")).isEqualTo("300");
            assertThat(attribute(record, "cache_read_tokens")).isEqualTo("200");
            assertThat(attribute(record, "output_tokens")).isEqualTo("40");
            assertThat(attribute(record, "cost_usd")).isEqualTo("0.007975");
            assertThat(attribute(record, "request_id")).startsWith("req_011");
            assertThat(attribute(record, "user.email")).isEqualTo("ada@example.com");
            assertThat(attribute(record, "session.id")).isNotEmpty();
            assertThat(capture.at("/v1/metrics")).isNotEmpty();
        }
    }

    @Test
    void claudeCodeExportsProtobufWhenAskedTo() {
        try (FakeAnthropicApi api =
                        FakeAnthropicApi.start(request -> FakeAnthropicApi.Reply.text("Hi there"), CLAUDE_USAGE);
                Capture capture = Capture.start()) {
            ClaudeCode claude = ClaudeCode.create(api);
            writeClaudeSettings(claude.home(), capture.url(), "http/protobuf");

            claude.print("say hi").assertSucceeded();

            List<Capture.Request> logs = capture.at("/v1/logs");
            assertThat(logs).as(capture.describe()).isNotEmpty();
            assertThat(logs)
                    .allSatisfy(export -> assertThat(export.contentType()).isEqualTo("application/x-protobuf"));
            // The record's body and attribute names are in the protobuf's strings.
            assertThat(Capture.text(logs))
                    .contains("claude_code.api_request", "cache_read_tokens", "request_id", "ada@example.com");
        }
    }

    @Test
    void codexExportsTheUsageOfEachResponseOnASecondResponseCompletedRecordWithoutRequestId() {
        try (FakeOpenAiApi api = FakeOpenAiApi.start("Hi from Codex", CODEX_USAGE);
                Capture capture = Capture.start()) {
            Codex codex = Codex.create(api);
            codex.writeConfig(codexOtel(capture.url(), "json"));

            NodeClients.Result result = codex.exec("say hi").assertSucceeded();

            assertThat(result.stdout()).contains("Hi from Codex");
            assertThat(api.responses()).hasSize(1);
            JsonNode request = api.responses().get(0).body();
            assertThat(request.get("model").asString()).isEqualTo(FakeOpenAiApi.MODEL);
            assertThat(request.get("stream").asBoolean()).isTrue();
            assertThat(api.responses().get(0).header("authorization")).contains("Bearer " + FakeOpenAiApi.API_KEY);

            // Codex's batch exporter sends one or two log exports for this one turn (seen both).
            List<Capture.Request> logs = capture.at("/v1/logs");
            assertThat(logs).as(capture.describe()).isNotEmpty();
            assertThat(logs).allSatisfy(export -> {
                assertThat(export.contentType()).isEqualTo("application/json");
                assertThat(export.header("x-spendline-test")).contains("codex");
            });
            JsonNode resource = logs.get(0).json().get("resourceLogs").get(0).get("resource");
            assertThat(attribute(resource, "service.name")).isEqualTo("codex_exec");

            List<JsonNode> completed = records(logs, "codex.sse_event").stream()
                    .filter(r -> "response.completed".equals(attribute(r, "event.kind")))
                    .toList();
            assertThat(completed).hasSize(2);
            List<JsonNode> withUsage = completed.stream()
                    .filter(r -> attribute(r, "input_token_count") != null)
                    .toList();
            assertThat(withUsage).hasSize(1);
            JsonNode record = withUsage.get(0);
            assertThat(attribute(record, "model")).isEqualTo(FakeOpenAiApi.MODEL);
            assertThat(attribute(record, "input_token_count")).isEqualTo("1200");
            assertThat(attribute(record, "cached_token_count")).isEqualTo("200");
            assertThat(attribute(record, "output_token_count")).isEqualTo("30");
            assertThat(attribute(record, "reasoning_token_count")).isEqualTo("10");
            assertThat(attribute(record, "conversation.id")).isNotEmpty();
            assertThat(record.get("timeUnixNano").asString()).isEqualTo("0");
            assertThat(Long.parseLong(record.get("observedTimeUnixNano").asString()))
                    .isPositive();
            assertThat(attribute(record, "request_id")).isNull();
            assertThat(capture.at("/v1/metrics")).isNotEmpty();
        }
    }

    @Test
    void codexExportsProtobufWhenAskedTo() {
        try (FakeOpenAiApi api = FakeOpenAiApi.start("Hi from Codex", CODEX_USAGE);
                Capture capture = Capture.start()) {
            Codex codex = Codex.create(api);
            codex.writeConfig(codexOtel(capture.url(), "binary"));

            codex.exec("say hi").assertSucceeded();

            List<Capture.Request> logs = capture.at("/v1/logs");
            assertThat(logs).as(capture.describe()).isNotEmpty();
            assertThat(logs)
                    .allSatisfy(export -> assertThat(export.contentType()).isEqualTo("application/x-protobuf"));
            assertThat(Capture.text(logs)).contains("response.completed", "input_token_count", "cached_token_count");
        }
    }

    @Test
    void bothAgentsAnswerAndExitZeroWhenNothingListensAtTheTelemetryEndpoint() throws IOException {
        // Bound without listening for the whole test: connections are refused, and no server
        // started meanwhile can take the port.
        try (Socket reserved = new Socket()) {
            reserved.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            agentsExitZeroWithoutTheirTelemetryEndpoint("http://127.0.0.1:" + reserved.getLocalPort());
        }
    }

    private void agentsExitZeroWithoutTheirTelemetryEndpoint(String nowhere) throws IOException {
        try (FakeAnthropicApi anthropic =
                        FakeAnthropicApi.start(request -> FakeAnthropicApi.Reply.text("Hi there"), CLAUDE_USAGE);
                FakeOpenAiApi openai = FakeOpenAiApi.start("Hi from Codex", CODEX_USAGE)) {
            ClaudeCode claude = ClaudeCode.create(anthropic);
            writeClaudeSettings(claude.home(), nowhere, "http/json");
            Codex codex = Codex.create(openai);
            codex.writeConfig(codexOtel(nowhere, "json"));

            long started = System.nanoTime();
            NodeClients.Result claudeResult = claude.print("say hi").assertSucceeded();
            NodeClients.Result codexResult = codex.exec("say hi").assertSucceeded();
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;

            assertThat(claudeResult.stdout()).contains("Hi there");
            assertThat(codexResult.stdout()).contains("Hi from Codex");
            assertThat(seconds).as("both runs, in seconds").isLessThan(60);
        }
    }

    // Agent configuration, as the collector's setup writes it.

    static void writeClaudeSettings(NodeClients.Home home, String endpoint, String protocol) {
        String settings = "{\n  \"env\": {\n"
                + "    \"CLAUDE_CODE_ENABLE_TELEMETRY\": \"1\",\n"
                + "    \"OTEL_LOGS_EXPORTER\": \"otlp\",\n"
                + "    \"OTEL_METRICS_EXPORTER\": \"otlp\",\n"
                + "    \"OTEL_EXPORTER_OTLP_PROTOCOL\": \"" + protocol + "\",\n"
                + "    \"OTEL_EXPORTER_OTLP_ENDPOINT\": \"" + endpoint + "\",\n"
                + "    \"OTEL_EXPORTER_OTLP_HEADERS\": \"x-spendline-test=claude\",\n"
                + "    \"OTEL_RESOURCE_ATTRIBUTES\": \"user.email=ada@example.com\",\n"
                + "    \"OTEL_LOGS_EXPORT_INTERVAL\": \"1000\",\n"
                + "    \"OTEL_METRIC_EXPORT_INTERVAL\": \"1000\"\n"
                + "  }\n}\n";
        try {
            java.nio.file.Files.createDirectories(home.dir().resolve(".claude"));
            java.nio.file.Files.writeString(home.dir().resolve(".claude/settings.json"), settings);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String codexOtel(String endpoint, String protocol) {
        String headers = "headers = { \"x-spendline-test\" = \"codex\" }";
        return "[otel]\n"
                + "log_user_prompt = false\n"
                + "exporter = { otlp-http = { endpoint = \"" + endpoint + "/v1/logs\", protocol = \"" + protocol
                + "\", " + headers + " } }\n"
                + "metrics_exporter = { otlp-http = { endpoint = \"" + endpoint + "/v1/metrics\", protocol = \""
                + protocol + "\", " + headers + " } }\n";
    }

    // Reading OTLP/JSON.

    /** The log records of every export whose body (Claude Code) or {@code event.name} attribute (Codex) is {@code name}. */
    static List<JsonNode> records(List<Capture.Request> exports, String name) {
        List<JsonNode> found = new ArrayList<>();
        for (Capture.Request export : exports) {
            found.addAll(records(export.json(), name));
        }
        return found;
    }

    static List<JsonNode> records(JsonNode export, String name) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode resourceLogs : export.path("resourceLogs")) {
            for (JsonNode scopeLogs : resourceLogs.path("scopeLogs")) {
                for (JsonNode record : scopeLogs.path("logRecords")) {
                    if (name.equals(record.path("body").path("stringValue").asString(null))
                            || name.equals(attribute(record, "event.name"))) {
                        found.add(record);
                    }
                }
            }
        }
        return found;
    }

    /** An attribute's value as text, whatever its type ({@code stringValue}, {@code intValue} as number or string, …); null when absent. */
    static String attribute(JsonNode holder, String key) {
        Optional<JsonNode> attribute = StreamSupport.stream(
                        holder.path("attributes").spliterator(), false)
                .filter(a -> key.equals(a.path("key").asString(null)))
                .findFirst();
        if (attribute.isEmpty()) {
            return null;
        }
        JsonNode value = attribute.get().get("value");
        JsonNode scalar = value.properties().iterator().next().getValue();
        return scalar.asString();
    }

    /** A plain OTLP/HTTP capture receiver on 127.0.0.1: answers 200 and keeps every request. */
    static final class Capture implements AutoCloseable {

        record Request(String path, Map<String, List<String>> headers, byte[] body) {

            Optional<String> header(String name) {
                return headers.entrySet().stream()
                        .filter(e -> e.getKey().equalsIgnoreCase(name))
                        .flatMap(e -> e.getValue().stream())
                        .findFirst();
            }

            String contentType() {
                return header("content-type").orElse("");
            }

            JsonNode json() {
                return JSON.readTree(body);
            }
        }

        private final HttpServer server;
        private final List<Request> requests = new CopyOnWriteArrayList<>();

        private Capture(HttpServer server) {
            this.server = server;
        }

        static Capture start() {
            try {
                HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                Capture capture = new Capture(server);
                server.createContext("/", exchange -> {
                    try (exchange) {
                        byte[] body = exchange.getRequestBody().readAllBytes();
                        capture.requests.add(new Request(
                                exchange.getRequestURI().getPath(), Map.copyOf(exchange.getRequestHeaders()), body));
                        String type = exchange.getRequestHeaders().getFirst("content-type");
                        boolean protobuf = type != null && type.startsWith("application/x-protobuf");
                        byte[] answer = protobuf ? new byte[0] : "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        exchange.getResponseHeaders()
                                .add("content-type", protobuf ? "application/x-protobuf" : "application/json");
                        exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
                        exchange.getResponseBody().write(answer);
                    }
                });
                server.start();
                return capture;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        /** The bodies as Latin-1 text, one after the other: a protobuf's strings can be searched in it. */
        static String text(List<Request> requests) {
            StringBuilder text = new StringBuilder();
            requests.forEach(r -> text.append(new String(r.body(), java.nio.charset.StandardCharsets.ISO_8859_1)));
            return text.toString();
        }

        List<Request> at(String path) {
            return requests.stream().filter(r -> r.path().equals(path)).toList();
        }

        String describe() {
            StringBuilder out = new StringBuilder("capture received:\n");
            requests.forEach(r -> out.append(r.path())
                    .append(' ')
                    .append(r.contentType())
                    .append(' ')
                    .append(r.body().length)
                    .append(" bytes\n"));
            return out.toString();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
