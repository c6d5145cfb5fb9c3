package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python and Java verification examples of docs/webhooks.md, run as they are written against
 * requests signed by {@link WebhookSignature}: a signed request passes, a tampered body, an old
 * timestamp and a wrong secret do not, and during a rotation either secret verifies.
 */
class WebhookDocsExamplesTest {

    static final Path DOC = Path.of("..", "docs", "webhooks.md");
    static final byte[] BODY =
            "{\"type\":\"alert.opened\",\"data\":{\"id\":\"alr_1\"}}".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    static String block(String language) throws IOException {
        Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(DOC));
        assertThat(m.find()).as("a " + language + " block in " + DOC).isTrue();
        return m.group(1);
    }

    record Signed(String secret, Map<String, String> headers, byte[] body) {}

    static Signed signed(String secret, long timestamp, byte[] body, String... more) {
        List<String> secrets = new java.util.ArrayList<>(List.of(more));
        secrets.add(0, secret);
        return new Signed(
                secret,
                Map.of(
                        "webhook-id", "msg_0123",
                        "webhook-timestamp", Long.toString(timestamp),
                        "webhook-signature", WebhookSignature.header(secrets, "msg_0123", timestamp, BODY)),
                body);
    }

    @Test
    void thePythonExampleVerifiesWhatSpendlineSignsAndNothingElse() throws Exception {
        long now = Instant.now().getEpochSecond();
        String secret = WebhookSignature.newSecret();
        String old = WebhookSignature.newSecret();
        assertThat(python(signed(secret, now, BODY))).isEqualTo("ok");
        assertThat(python(signed(secret, now, "{\"type\":\"alert.resolved\"}".getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("refused: no valid signature");
        assertThat(python(signed(secret, now - 600, BODY))).isEqualTo("refused: timestamp too old or too new");
        Signed rotated = signed(secret, now, BODY, old);
        assertThat(python(rotated)).isEqualTo("ok");
        assertThat(python(new Signed(old, rotated.headers(), BODY))).isEqualTo("ok");
        assertThat(python(new Signed(WebhookSignature.newSecret(), rotated.headers(), BODY)))
                .isEqualTo("refused: no valid signature");
    }

    private String python(Signed request) throws Exception {
        Path script = dir.resolve("verify.py");
        Files.writeString(
                script,
                block("python")
                        + """

                import json, sys
                args = json.loads(sys.stdin.read())
                try:
                    verify(args["secret"], args["headers"], args["body"].encode())
                    print("ok")
                except ValueError as e:
                    print("refused:", e)
                """);
        Process p = new ProcessBuilder("python3", script.toString())
                .redirectErrorStream(true)
                .start();
        String input = dev.spendline.contracts.json.Json.MAPPER.writeValueAsString(Map.of(
                "secret", request.secret(),
                "headers", request.headers(),
                "body", new String(request.body(), StandardCharsets.UTF_8)));
        try (var in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void theJavaExampleVerifiesWhatSpendlineSignsAndNothingElse() throws Throwable {
        Method verify = compileJavaExample();
        long now = Instant.now().getEpochSecond();
        String secret = WebhookSignature.newSecret();
        String old = WebhookSignature.newSecret();

        invoke(verify, signed(secret, now, BODY));
        Signed rotated = signed(secret, now, BODY, old);
        invoke(verify, rotated);
        invoke(verify, new Signed(old, rotated.headers(), BODY));
        assertThatThrownBy(() -> invoke(verify, signed(secret, now, "{}".getBytes(StandardCharsets.UTF_8))))
                .hasMessage("no valid signature");
        assertThatThrownBy(() -> invoke(verify, signed(secret, now - 600, BODY)))
                .hasMessage("timestamp too old or too new");
        assertThatThrownBy(() -> invoke(verify, new Signed(WebhookSignature.newSecret(), rotated.headers(), BODY)))
                .hasMessage("no valid signature");
    }

    private Method compileJavaExample() throws Exception {
        Path source = dir.resolve("SpendlineWebhookVerifier.java");
        Files.writeString(source, block("java"));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertThat(compiler.run(null, null, null, "-d", dir.toString(), source.toString()))
                .isZero();
        URLClassLoader loader =
                new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
        return loader.loadClass("SpendlineWebhookVerifier").getMethod("verify", String.class, Map.class, byte[].class);
    }

    private static void invoke(Method verify, Signed request) throws Throwable {
        try {
            verify.invoke(null, request.secret(), request.headers(), request.body());
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
