package dev.spendline.bench.run;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.contracts.json.Json;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;

/**
 * Issue #33's figure: how long from an event's 202 to the webhook its alert causes, under load.
 *
 * <p>Starts the standalone jar on a fresh data directory, registers one webhook endpoint (a receiver
 * in this process, on loopback, which the standalone allows) for budget threshold alerts, and creates
 * {@code budgets} budgets of 1 USD, one per feature that nothing else uses. While a generator offers
 * {@code rate} events/s of the seeded mix (other features, so they raise no alert), it sends three
 * trigger events per budget, one every {@code interval}: 0.55 USD (the alert opens at 50 %, INFO),
 * 0.30 USD (85 %, escalated to WARNING), 0.20 USD (105 %, CRITICAL). Each change is one webhook; its
 * latency is its arrival at the receiver minus the trigger's 202. Every request's Standard Webhooks
 * signature is checked with the secret the API returned, so a figure never counts an unsigned call.
 */
public final class WebhookLatencyBench {

    /** What the run found. */
    public record Result(
            Histogram millis, int triggers, int received, int badSignatures, int missing, double offered) {}

    private static final String[] AMOUNTS = {"0.55", "0.30", "0.20"};
    private static final String[] SEVERITIES = {"INFO", "WARNING", "CRITICAL"};

    private final Path jar;
    private final Path workDir;
    private final List<String> jvm;
    private final int rate;
    private final int budgets;
    private final Duration interval;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Map<String, Long> acceptedAt = new ConcurrentHashMap<>();
    private final Map<String, Long> arrivedAt = new ConcurrentHashMap<>();
    private final AtomicLong badSignatures = new AtomicLong();
    private volatile byte[] secret;

    public WebhookLatencyBench(Path jar, Path workDir, List<String> jvm, int rate, int budgets, Duration interval) {
        this.jar = jar;
        this.workDir = workDir;
        this.jvm = jvm;
        this.rate = rate;
        this.budgets = budgets;
        this.interval = interval;
    }

    public Result run() throws Exception {
        Files.createDirectories(workDir);
        int port = FreePorts.loopback();
        HttpServer receiver = receiver();
        receiver.start();
        try (JavaProcess standalone = JavaProcess.jar(
                "standalone",
                jar,
                jvm,
                List.of(
                        "--data-dir",
                        workDir.resolve("data").toString(),
                        "--port",
                        String.valueOf(port),
                        "--kafka-port",
                        String.valueOf(FreePorts.loopback())),
                workDir)) {
            step("starting standalone");
            standalone.start("Stop with Ctrl-C.", Duration.ofSeconds(120));
            String key = FullBench.printedKey(standalone);
            URI base = URI.create("http://127.0.0.1:" + port);
            URI hook = URI.create("http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook");
            secret = register(base, key, hook);
            List<String> budgetIds = new ArrayList<>();
            for (int i = 0; i < budgets; i++) {
                budgetIds.add(createBudget(base, key, i));
            }
            step(budgets + " budgets and the webhook endpoint created; load at " + rate + " events/s");
            Ledger ledger = new Ledger();
            String tag = "webhooks" + System.nanoTime();
            LoadGenerator load = new LoadGenerator(
                    new LoadGenerator.Settings(
                            base, key, rate, 10, 8, Duration.ofHours(1), 7, tag, Duration.ZERO, Duration.ofSeconds(60)),
                    ledger);
            Thread loadThread = new Thread(load::run, "webhook-bench-load");
            loadThread.start();
            Thread.sleep(5_000); // the load is steady before the first trigger
            long loadStart = ledger.acknowledgedItems();
            long started = System.nanoTime();
            int triggers = 0;
            for (int round = 0; round < AMOUNTS.length; round++) {
                for (int i = 0; i < budgets; i++) {
                    trigger(base, key, i, round, budgetIds.get(i));
                    triggers++;
                    Thread.sleep(interval.toMillis());
                }
                step("round " + (round + 1) + " of 3 sent; " + arrivedAt.size() + " webhooks so far");
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (arrivedAt.size() < triggers && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            double offered = (ledger.acknowledgedItems() - loadStart) / ((System.nanoTime() - started) / 1e9);
            load.stop();
            loadThread.join();
            Histogram millis = new Histogram(600_000, 3);
            int missing = 0;
            for (Map.Entry<String, Long> sent : acceptedAt.entrySet()) {
                Long arrived = arrivedAt.get(sent.getKey());
                if (arrived == null) {
                    missing++;
                } else {
                    millis.recordValue(Math.max(1, (arrived - sent.getValue()) / 1_000_000));
                }
            }
            return new Result(millis, triggers, arrivedAt.size(), (int) badSignatures.get(), missing, offered);
        } finally {
            receiver.stop(0);
        }
    }

    private HttpServer receiver() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/hook", exchange -> {
            long now = System.nanoTime();
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
            String signatures = exchange.getRequestHeaders().getFirst("webhook-signature");
            if (!signed(id, timestamp, signatures, body)) {
                badSignatures.incrementAndGet();
            } else {
                JsonNode message = Json.MAPPER.readTree(body);
                JsonNode data = message.path("data");
                if ("BUDGET_THRESHOLD".equals(data.path("type").asString(""))) {
                    String budgetId = data.path("evidence").path("budgetId").asString("");
                    arrivedAt.putIfAbsent(budgetId + '/' + data.path("severity").asString(""), now);
                }
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        return server;
    }

    /** Standard Webhooks: {@code v1,} + base64 HMAC-SHA256 of {@code id.timestamp.body}; any one may match. */
    private boolean signed(String id, String timestamp, String signatures, byte[] body) {
        if (id == null || timestamp == null || signatures == null || secret == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((id + '.' + timestamp + '.').getBytes(StandardCharsets.UTF_8));
            byte[] expected = mac.doFinal(body);
            for (String signature : signatures.split(" ")) {
                if (signature.startsWith("v1,")
                        && MessageDigest.isEqual(expected, Base64.getDecoder().decode(signature.substring(3)))) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            return false;
        }
    }

    private byte[] register(URI base, String key, URI hook) throws Exception {
        String body = "{\"url\":\"" + hook + "\",\"alertTypes\":[\"BUDGET_THRESHOLD\"]}";
        JsonNode created = post(base.resolve("/api/v1/webhooks"), key, body, 201);
        String whsec = created.path("secret").asString("");
        if (!whsec.startsWith("whsec_")) {
            throw new IllegalStateException("the webhook API returned no whsec_ secret: " + created);
        }
        return Base64.getDecoder().decode(whsec.substring("whsec_".length()));
    }

    private String createBudget(URI base, String key, int i) throws Exception {
        String body = "{\"name\":\"webhook bench " + i + "\",\"scope\":\"FEATURE\",\"scopeValue\":\"" + feature(i)
                + "\",\"period\":\"MONTHLY\",\"limitUsd\":1}";
        return post(base.resolve("/api/v1/budgets"), key, body, 201).path("id").asString();
    }

    private void trigger(URI base, String key, int i, int round, String budgetId) throws Exception {
        String event = "{\"provider\":\"openai\",\"model\":\"gpt-4o-mini\",\"promptTokens\":1000,\"outputTokens\":100,"
                + "\"costUsd\":" + AMOUNTS[round] + ",\"source\":\"webhook-bench\",\"externalId\":\"t-" + i + '-'
                + round + '-' + System.nanoTime() + "\",\"ts\":\"" + Instant.now() + "\",\"feature\":\"" + feature(i)
                + "\"}";
        post(base.resolve("/api/v1/events"), key, event, 202);
        acceptedAt.put(budgetId + '/' + SEVERITIES[round], System.nanoTime());
    }

    private JsonNode post(URI uri, String key, String body, int expected) throws Exception {
        HttpResponse<String> answer = http.send(
                HttpRequest.newBuilder(uri)
                        .header("authorization", "Bearer " + key)
                        .header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != expected) {
            throw new IllegalStateException(
                    "POST " + uri.getPath() + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return answer.body().isEmpty() ? Json.MAPPER.createObjectNode() : Json.MAPPER.readTree(answer.body());
    }

    private static String feature(int i) {
        return "webhook-bench-" + i;
    }

    private static void step(String what) {
        System.out.println("[" + java.time.LocalTime.now().withNano(0) + "] " + what);
    }
}
