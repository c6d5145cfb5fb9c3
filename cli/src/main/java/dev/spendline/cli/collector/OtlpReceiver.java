package dev.spendline.cli.collector;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.spendline.contracts.validation.TerminalText;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

/**
 * The OTLP/HTTP receiver of {@code collector run} on 127.0.0.1: {@code POST /v1/logs} and
 * {@code /v1/metrics}, OTLP/JSON or protobuf, optionally gzip. It only maps, appends to the spool
 * and answers; delivery is the {@link Forwarder}'s, so an agent's export never waits for the
 * network. The JDK's {@link HttpServer} is enough for a loopback endpoint with two paths and a few
 * requests a minute, and adds no dependency.
 *
 * <p>Only agents configured by setup are accepted: they send {@code x-spendline-collector} with the
 * per-install token (401 otherwise), so another local process cannot post usage in the user's name.
 * Metrics are accepted and discarded: they aggregate the same calls the log records describe.
 */
final class OtlpReceiver implements AutoCloseable {

    static final String TOKEN_HEADER = "x-spendline-collector";
    /** Far above an agent's export (a few KB), low enough that a bad client cannot exhaust memory. */
    static final int MAX_BODY_BYTES = 8 * 1024 * 1024;

    private final HttpServer server;
    private final ExecutorService executor;
    private final byte[] token;
    private final UsageMapper mapper;
    private final Spool spool;
    private final Runnable appended;
    private final CollectorState state;
    private final PrintWriter log;

    OtlpReceiver(
            int port,
            String token,
            UsageMapper mapper,
            Spool spool,
            Runnable appended,
            CollectorState state,
            PrintWriter log)
            throws IOException {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.mapper = mapper;
        this.spool = spool;
        this.appended = appended;
        this.state = state;
        this.log = log;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        this.executor = Executors.newFixedThreadPool(2, r -> {
            Thread thread = new Thread(r, "spendline-collector-receiver");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    void start() {
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            boolean logs = path.equals("/v1/logs");
            if (!logs && !path.equals("/v1/metrics")) {
                plain(exchange, 404, "Not found: the collector receives POST /v1/logs and /v1/metrics");
                return;
            }
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.getResponseHeaders().set("Allow", "POST");
                plain(exchange, 405, "Method not allowed: use POST");
                return;
            }
            OtlpCodec.Encoding encoding =
                    OtlpCodec.Encoding.of(exchange.getRequestHeaders().getFirst("Content-Type"));
            if (!authorized(exchange)) {
                reply(
                        exchange,
                        401,
                        encoding,
                        OtlpCodec.status(
                                encoding == null ? OtlpCodec.Encoding.JSON : encoding,
                                16,
                                "missing or wrong " + TOKEN_HEADER
                                        + " header: only agents configured by 'spendline collector setup' may send"));
                return;
            }
            if (encoding == null) {
                plain(exchange, 415, "Unsupported media type: use application/json or application/x-protobuf");
                return;
            }
            byte[] body;
            try {
                body = body(exchange);
            } catch (BodyTooLarge e) {
                reply(exchange, 413, encoding, OtlpCodec.status(encoding, 8, e.getMessage()));
                return;
            } catch (IOException e) {
                reply(exchange, 400, encoding, OtlpCodec.status(encoding, 3, "unreadable body: " + e.getMessage()));
                return;
            }
            try {
                if (logs) {
                    ExportLogsServiceRequest request = OtlpCodec.parse(
                                    encoding, body, ExportLogsServiceRequest.newBuilder())
                            .build();
                    UsageMapper.Result result = mapper.map(request);
                    if (result.skipped() > 0) {
                        log("skipped " + result.skipped() + " usage record(s) without the fields a row needs");
                    }
                    if (!result.rows().isEmpty()) {
                        long dropped = spool.append(result.rows());
                        if (dropped > 0) {
                            state.dropped(dropped);
                            log("warning: the buffer is full; dropped the " + dropped + " oldest row(s)");
                        }
                        appended.run();
                    }
                    reply(
                            exchange,
                            200,
                            encoding,
                            OtlpCodec.write(encoding, ExportLogsServiceResponse.getDefaultInstance()));
                } else {
                    OtlpCodec.parse(encoding, body, ExportMetricsServiceRequest.newBuilder());
                    reply(
                            exchange,
                            200,
                            encoding,
                            OtlpCodec.write(encoding, ExportMetricsServiceResponse.getDefaultInstance()));
                }
            } catch (IllegalArgumentException e) {
                reply(exchange, 400, encoding, OtlpCodec.status(encoding, 3, e.getMessage()));
            } catch (IOException e) {
                log("cannot write the buffer: " + e.getMessage());
                state.error("cannot write the buffer: " + e.getMessage());
                // 503: the OTLP exporter may retry; the record is not lost by our fault silently.
                reply(exchange, 503, encoding, OtlpCodec.status(encoding, 14, "the collector cannot write its buffer"));
            }
        } catch (RuntimeException e) {
            log("receiver failure: " + e);
        }
    }

    private boolean authorized(HttpExchange exchange) {
        String sent = exchange.getRequestHeaders().getFirst(TOKEN_HEADER);
        return sent != null && MessageDigest.isEqual(sent.trim().getBytes(StandardCharsets.UTF_8), token);
    }

    private static byte[] body(HttpExchange exchange) throws IOException {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > MAX_BODY_BYTES) {
                    throw new BodyTooLarge();
                }
            } catch (NumberFormatException e) {
                throw new IOException("bad Content-Length");
            }
        }
        String contentEncoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
        InputStream in = exchange.getRequestBody();
        if (contentEncoding != null && !contentEncoding.isBlank() && !contentEncoding.equalsIgnoreCase("identity")) {
            if (!contentEncoding.trim().toLowerCase(Locale.ROOT).equals("gzip")) {
                throw new IOException("unsupported Content-Encoding '" + contentEncoding + "' (gzip or none)");
            }
            in = new GZIPInputStream(in);
        }
        // Bounded after decompression too: a small gzip body can expand enormously.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16 * 1024];
        int read;
        while ((read = in.read(buffer)) != -1) {
            out.write(buffer, 0, read);
            if (out.size() > MAX_BODY_BYTES) {
                throw new BodyTooLarge();
            }
        }
        return out.toByteArray();
    }

    private static final class BodyTooLarge extends IOException {
        BodyTooLarge() {
            super("the body is larger than " + MAX_BODY_BYTES + " bytes");
        }
    }

    private static void reply(HttpExchange exchange, int status, OtlpCodec.Encoding encoding, byte[] body)
            throws IOException {
        exchange.getResponseHeaders()
                .set("Content-Type", (encoding == null ? OtlpCodec.Encoding.JSON : encoding).contentType);
        send(exchange, status, body);
    }

    private static void plain(HttpExchange exchange, int status, String message) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        send(exchange, status, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }

    private void log(String message) {
        synchronized (log) {
            log.println("collector: " + TerminalText.escape(message));
            log.flush();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdown();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
