package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtlpReceiverTest {

    @TempDir
    Path dir;

    private final StringWriter log = new StringWriter();
    private final HttpClient http = HttpClient.newHttpClient();
    private Spool spool;
    private OtlpReceiver receiver;
    private int appended;

    @BeforeEach
    void start() throws Exception {
        spool = new Spool(dir.resolve("spool"), 1000);
        receiver = new OtlpReceiver(
                0,
                "secret-token",
                new UsageMapper(new UsageMapper.Identity("ada@example.com", null, null)),
                spool,
                () -> appended++,
                CollectorState.read(dir.resolve("state.json")),
                new PrintWriter(log, true));
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private HttpResponse<byte[]> post(String path, String contentType, byte[] body, String token, boolean gzip)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + receiver.port() + path))
                .header("Content-Type", contentType);
        if (token != null) {
            request.header("x-spendline-collector", token);
        }
        if (gzip) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
                out.write(body);
            }
            body = bytes.toByteArray();
            request.header("Content-Encoding", "gzip");
        }
        return http.send(
                request.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void realJsonAndProtobufLogsAreAcceptedAndSpooled() throws Exception {
        HttpResponse<byte[]> json = post(
                "/v1/logs",
                "application/json",
                UsageMapperTest.fixture("claude-code-2.1.197-logs.json"),
                "secret-token",
                false);
        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(new String(json.body())).isEqualTo("{}");

        HttpResponse<byte[]> protobuf = post(
                "/v1/logs",
                "application/x-protobuf",
                UsageMapperTest.fixture("codex-0.169.0-logs.pb"),
                "secret-token",
                false);
        assertThat(protobuf.statusCode()).isEqualTo(200);
        assertThat(protobuf.headers().firstValue("Content-Type")).hasValue("application/x-protobuf");
        assertThat(protobuf.body()).isEmpty();

        assertThat(spool.rows()).isEqualTo(2);
        assertThat(appended).isEqualTo(2);
        assertThat(spool.oldest(10))
                .extracting(batch -> batch.rows().get(0).get("tool").asString())
                .containsExactly("claude_code", "codex");
    }

    @Test
    void gzipBodiesAreAccepted() throws Exception {
        HttpResponse<byte[]> response = post(
                "/v1/logs",
                "application/json; charset=utf-8",
                UsageMapperTest.fixture("codex-0.169.0-logs.json"),
                "secret-token",
                true);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(spool.rows()).isEqualTo(1);
    }

    @Test
    void metricsAreAcceptedButMakeNoRows() throws Exception {
        assertThat(post(
                                "/v1/metrics",
                                "application/json",
                                UsageMapperTest.fixture("claude-code-2.1.197-metrics.json"),
                                "secret-token",
                                false)
                        .statusCode())
                .isEqualTo(200);
        assertThat(post(
                                "/v1/metrics",
                                "application/x-protobuf",
                                UsageMapperTest.fixture("codex-0.169.0-metrics.pb"),
                                "secret-token",
                                false)
                        .statusCode())
                .isEqualTo(200);
        assertThat(spool.rows()).isZero();
    }

    @Test
    void aMissingOrWrongReceiverTokenIs401() throws Exception {
        byte[] body = UsageMapperTest.fixture("claude-code-2.1.197-logs.json");
        HttpResponse<byte[]> none = post("/v1/logs", "application/json", body, null, false);
        HttpResponse<byte[]> wrong = post("/v1/logs", "application/json", body, "guess", false);
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(new String(wrong.body())).contains("x-spendline-collector");
        assertThat(spool.rows()).isZero();
    }

    @Test
    void anotherContentTypeIs415() throws Exception {
        HttpResponse<byte[]> response = post("/v1/logs", "text/plain", "hello".getBytes(), "secret-token", false);
        assertThat(response.statusCode()).isEqualTo(415);
        assertThat(new String(response.body())).contains("application/json or application/x-protobuf");
    }

    @Test
    void aBadBodyIs400WithAnOtlpStatus() throws Exception {
        HttpResponse<byte[]> json =
                post("/v1/logs", "application/json", "{\"resourceLogs\": 5".getBytes(), "secret-token", false);
        assertThat(json.statusCode()).isEqualTo(400);
        assertThat(new String(json.body())).startsWith("{\"code\":3,\"message\":\"invalid JSON");

        HttpResponse<byte[]> hex = post(
                "/v1/logs",
                "application/json",
                "{\"resourceLogs\":[{\"scopeLogs\":[{\"logRecords\":[{\"traceId\":\"zz\"}]}]}]}".getBytes(),
                "secret-token",
                false);
        assertThat(hex.statusCode()).isEqualTo(400);
        assertThat(new String(hex.body())).contains("traceId is not hex");

        HttpResponse<byte[]> protobuf =
                post("/v1/logs", "application/x-protobuf", new byte[] {(byte) 0xff, 0x01}, "secret-token", false);
        assertThat(protobuf.statusCode()).isEqualTo(400);
        assertThat(new String(protobuf.body())).contains("invalid protobuf");
        assertThat(spool.rows()).isZero();
    }

    @Test
    void aBodyBeyondTheLimitAfterDecompressionIs413() throws Exception {
        byte[] huge = new byte[OtlpReceiver.MAX_BODY_BYTES + 1]; // zeros: a few KB once gzipped
        HttpResponse<byte[]> response = post("/v1/logs", "application/x-protobuf", huge, "secret-token", true);
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(spool.rows()).isZero();
    }

    @Test
    void otherPathsAndMethodsAreRefused() throws Exception {
        assertThat(post("/v1/traces", "application/json", "{}".getBytes(), "secret-token", false)
                        .statusCode())
                .isEqualTo(404);
        HttpResponse<String> get = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + receiver.port() + "/v1/logs"))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(get.statusCode()).isEqualTo(405);
    }
}
