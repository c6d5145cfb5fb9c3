package dev.spendline.cli.ask;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.cli.Environment;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.InProcessCli;
import dev.spendline.cli.InProcessCli.Result;
import dev.spendline.cli.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code spendline ask --follow-up}: the last answered question's context is kept in the state
 * directory and sent with the follow-up, over real HTTP to a stand-in for {@code POST /api/v1/ask}
 * that answers as the service does (each answer with its own context).
 */
class AskFollowUpTest {

    @TempDir
    Path home;

    private HttpServer server;
    private final List<JsonNode> requests = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.createContext("/api/v1/ask", exchange -> {
            JsonNode request = Json.mapper()
                    .readTree(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            requests.add(request);
            String question = request.get("question").asString();
            String answer =
                    """
                    {"answered": true, "question": "%s", "answer": "AI spend by model: $10.00.",
                     "interpretation": "Read as: AI spend by model.", "notes": [],
                     "tool": {"name": "spend_by", "arguments": {"by": "model"}},
                     "data": {"rows": []}, "dashboardUrl": "/app/spend?by=model",
                     "context": "v1.ctx-%d.check"}
                    """
                            .formatted(question, requests.size());
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("content-type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private Result run(int port, String... args) {
        return InProcessCli.run(
                new Environment(
                        Map.of(
                                "HOME",
                                home.toString(),
                                Environment.API_KEY,
                                "sk_test",
                                Environment.URL,
                                "http://127.0.0.1:" + port),
                        new Properties()),
                args);
    }

    private Result run(String... args) {
        return run(server.getAddress().getPort(), args);
    }

    @Test
    void aFollowUpSendsTheContextOfTheLastAnswer() throws IOException {
        assertThat(run("ask", "spend by model this month").exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(requests.get(0).has("context")).isFalse();
        Path saved = home.resolve(".local/state/spendline/ask-context.json");
        assertThat(Files.readString(saved)).contains("v1.ctx-1.check");

        Result second = run("ask", "--follow-up", "only", "for", "globex");
        assertThat(second.exitCode()).as(second.err()).isEqualTo(ExitCodes.OK);
        assertThat(requests.get(1).get("question").asString()).isEqualTo("only for globex");
        assertThat(requests.get(1).get("context").asString()).isEqualTo("v1.ctx-1.check");

        // The follow-up's own answer is what the next follow-up changes.
        run("ask", "--follow-up", "and last month?");
        assertThat(requests.get(2).get("context").asString()).isEqualTo("v1.ctx-2.check");
        // A question without --follow-up sends no context.
        run("ask", "tokens by provider yesterday");
        assertThat(requests.get(3).has("context")).isFalse();
    }

    @Test
    void aFollowUpWithNothingBeforeItIsAUsageError() {
        Result result = run("ask", "--follow-up", "and last month?");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(result.err()).contains("--follow-up needs a question answered before it");
        assertThat(requests).isEmpty();
    }

    @Test
    void aContextIsOnlySentToTheServiceThatWroteIt() {
        run("ask", "spend by model this month");
        Result elsewhere = run(1, "ask", "--follow-up", "and last month?");
        assertThat(elsewhere.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(elsewhere.err())
                .contains("was asked of http://127.0.0.1:" + server.getAddress().getPort());
        assertThat(requests).hasSize(1);
    }

    @Test
    void helpDescribesFollowUps() {
        Result help = run("ask", "--help");
        assertThat(help.out()).contains("--follow-up").contains("change to the last answered question");
    }
}
