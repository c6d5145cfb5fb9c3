package dev.spendline.standalone;

import dev.spendline.contracts.json.Json;
import dev.spendline.internalapi.InstanceCredential;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * How a key command reaches the Spendline that runs on its data directory: the running process
 * writes its internal URL to {@value #FILE} in the data directory, and the command sends its
 * arguments there ({@value #PATH}, internal port, loopback), signed with the command secret kept
 * in the data directory (0600). The running process executes the command on its own database
 * connection and sends back the exit code and what the command printed. Only whoever can read
 * the data directory can sign, which is whoever could open the database file anyway.
 *
 * <p>When the file is absent or nobody answers at its URL (Spendline stopped, or was killed and
 * left the file behind), the command opens the database file itself; should Spendline run after
 * all, H2's file lock refuses that with a clear message rather than sharing the file.
 */
final class RunningStandalone {

    /** The file the running process announces its internal URL in. */
    static final String FILE = "running";
    /** The route on the internal port that runs a key command. */
    static final String PATH = "/internal/v1/standalone/commands";

    /**
     * The commands the running process runs for a caller: those that use the control-plane
     * database. The others ({@code redrive-dead-letters}) run in the caller's own process.
     */
    static final Set<String> COMMANDS = Set.of("create-key", "list-keys", "revoke-key", "set-plan", "setup-link");

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** What the command printed and returned in the running process. */
    record Result(int exitCode, String out, String err) {}

    private RunningStandalone() {}

    /** Written once the process serves its internal port; owner-only like everything in the data directory. */
    static void announce(Path dataDir, String internalUrl) {
        try {
            Path tmp = Files.createTempFile(
                    dataDir,
                    ".running",
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, internalUrl + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, dataDir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + dataDir.resolve(FILE), e);
        }
    }

    /** Removed on a clean stop, unless another process has announced itself since. */
    static void withdraw(Path dataDir, String internalUrl) {
        Path file = dataDir.resolve(FILE);
        try {
            if (Files.exists(file)
                    && Files.readString(file, StandardCharsets.US_ASCII).trim().equals(internalUrl)) {
                Files.delete(file);
            }
        } catch (IOException e) {
            // A stale file only costs the next command one refused connection.
        }
    }

    /**
     * Runs the command with {@code args} in the Spendline running on {@code dataDir}.
     *
     * @return empty when no Spendline runs there: the caller opens the database itself
     * @throws IllegalStateException when a process answers but refuses or fails the command
     */
    static Optional<Result> forward(Path dataDir, List<String> args) {
        Path file = dataDir.resolve(FILE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            String url = Files.readString(file, StandardCharsets.US_ASCII).trim();
            String secret = LocalSecrets.commandSecret(dataDir);
            byte[] body = Json.MAPPER.writeValueAsBytes(args);
            HttpRequest request = HttpRequest.newBuilder(URI.create(url + PATH))
                    .timeout(TIMEOUT)
                    .header("content-type", "application/json")
                    .header(
                            InstanceCredential.HEADER,
                            InstanceCredential.of(secret)
                                    .sign(PATH, body, Clock.systemUTC().instant()))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            HttpResponse<String> response = HttpClient.newBuilder()
                    .connectTimeout(CONNECT_TIMEOUT)
                    .build()
                    .send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("The Spendline running on " + dataDir + " (" + url
                        + ") refused the command with HTTP " + response.statusCode() + ": " + response.body());
            }
            JsonNode result = Json.MAPPER.readTree(response.body());
            return Optional.of(new Result(
                    result.get("exitCode").asInt(),
                    result.get("out").asString(),
                    result.get("err").asString()));
        } catch (ConnectException | HttpConnectTimeoutException notRunning) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot reach the Spendline running on " + dataDir, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }
}
