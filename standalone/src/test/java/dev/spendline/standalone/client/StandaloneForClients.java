package dev.spendline.standalone.client;

import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.standalone.Standalone;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real standalone the sender ITs deliver to (the Java client's and the TypeScript package's):
 * started in-process on a free port, a new TEAM workspace with an API key per test, and its spend
 * reports read over HTTP with that key, as a dashboard would.
 */
final class StandaloneForClients implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Standalone standalone;
    private final Duration eventually;
    private final HttpClient http = HttpClient.newHttpClient();

    private StandaloneForClients(Standalone standalone, Duration eventually) {
        this.standalone = standalone;
        this.eventually = eventually;
    }

    /** A started standalone with its data in a new temporary directory named after {@code name}. */
    static StandaloneForClients start(String name, Duration eventually) throws Exception {
        return start(name, eventually, Map.of());
    }

    /** As {@link #start(String, Duration)}, with these Spendline properties. */
    static StandaloneForClients start(String name, Duration eventually, Map<String, Object> properties)
            throws Exception {
        int port = dev.spendline.kafka.embedded.FreePorts.loopback();
        return new StandaloneForClients(
                Standalone.start(Files.createTempDirectory(name), port, 0, 2, properties), eventually);
    }

    String baseUrl() {
        return standalone.baseUrl();
    }

    /** The API key of a new TEAM workspace. */
    String newKey(String label) {
        return newKey(label, Plan.TEAM);
    }

    /** The API key of a new workspace on {@code plan}. */
    String newKey(String label, Plan plan) {
        var ctx = standalone.context();
        String ws = ctx.getBean(WorkspaceRepository.class)
                .create(label + " " + UUID.randomUUID(), plan)
                .id();
        return ctx.getBean(ApiKeyRepository.class).issue(ws, label).secret();
    }

    /** The workspace an API key belongs to. */
    String workspaceOf(String key) {
        return standalone
                .context()
                .getBean(ApiKeyAuthenticator.class)
                .authenticate(key)
                .orElseThrow()
                .workspaceId();
    }

    /** The report's {@code totals.calls}, or -1 for no report. */
    static long calls(JsonNode report) {
        return report == null ? -1 : report.get("totals").get("calls").asLong();
    }

    /** Polls the report until {@code done}, then once more a second later, so a late double count would show. */
    JsonNode awaitReport(String path, String key, Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + eventually.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = report(path, key);
            if (last != null && done.test(last)) {
                Thread.sleep(1_000);
                return report(path, key);
            }
            Thread.sleep(100);
        }
        return last;
    }

    /** The report at {@code path}, or null unless it answered 200. */
    JsonNode report(String path, String key) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(baseUrl() + path))
                        .header("Authorization", "Bearer " + key)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
    }

    @Override
    public void close() {
        standalone.close();
    }
}
