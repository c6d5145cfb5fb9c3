package dev.spendline.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * A local stand-in for Spendline's ingest endpoints that can misbehave on cue: each request takes the
 * next scripted {@link Reply} (then {@code 202} once the script is used up), and every request is
 * recorded. To the library it is a third party, so it is a fake; the real standalone is in
 * {@code SpendlineClientIT}.
 */
final class FakeIngest implements AutoCloseable {

    static final ObjectMapper JSON = JsonMapper.builder().build();

    /** A request as received. */
    record Request(String path, String authorization, JsonNode body, long atNanos) {
        List<String> externalIds() {
            List<String> ids = new ArrayList<>();
            JsonNode items = body.has("events") ? body.get("events") : body.get("rows");
            items.forEach(item -> ids.add(item.get("externalId").asString()));
            return ids;
        }
    }

    /** One scripted answer. */
    interface Reply {
        void answer(HttpExchange exchange) throws IOException;
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ConcurrentLinkedQueue<Reply> script = new ConcurrentLinkedQueue<>();
    private final List<Request> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile Reply otherwise = status(202, "{\"accepted\":1,\"receivedAt\":\"2026-11-25T10:00:00Z\"}");

    FakeIngest() throws IOException {
        this(true);
    }

    /** @param record false for a benchmark's sink: bodies are read and thrown away */
    FakeIngest(boolean record) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                byte[] body = in.readAllBytes();
                if (record) {
                    requests.add(new Request(
                            exchange.getRequestURI().getPath(),
                            exchange.getRequestHeaders().getFirst("Authorization"),
                            JSON.readTree(new String(body, StandardCharsets.UTF_8)),
                            System.nanoTime()));
                }
            }
            Reply reply = script.poll();
            (reply == null ? otherwise : reply).answer(exchange);
        });
        server.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    FakeIngest then(Reply... replies) {
        script.addAll(List.of(replies));
        return this;
    }

    /** The answer once the script is used up. */
    FakeIngest otherwise(Reply reply) {
        this.otherwise = reply;
        return this;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Waits until {@code n} requests arrived. */
    void awaitRequests(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (requests.size() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + n + " requests, got " + requests.size());
            }
            Thread.sleep(5);
        }
    }

    /** Lets every stalled request go on (answering 202). */
    void release() {
        released.countDown();
    }

    static Reply status(int status, String json, String... headers) {
        return exchange -> {
            for (int i = 0; i < headers.length; i += 2) {
                exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
            }
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders()
                    .add("Content-Type", status >= 400 ? "application/problem+json" : "application/json");
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        };
    }

    static Reply problem(int status, String code) {
        return status(
                status,
                "{\"type\":\"https://spendline.dev/problems/" + code + "\",\"status\":" + status + ",\"code\":\"" + code
                        + "\"}");
    }

    /** Hangs until {@link #release()}, then answers 202 (too late for a short request timeout). */
    Reply stall() {
        return exchange -> {
            try {
                released.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            status(202, "{\"accepted\":1}").answer(exchange);
        };
    }

    /** Drops the connection without a response: what a crashed server or a proxy reset looks like. */
    static Reply hangUp() {
        // Closing before sending headers closes the TCP connection: the client reads end of stream.
        return HttpExchange::close;
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }
}
