package dev.spendline.standalone.clients;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The real MCP clients that {@code standalone/src/test/node} pins (package.json, package-lock.json)
 * and {@code .ci/run} installs with {@code npm ci}: the MCP Inspector's CLI, Claude Code, Codex and
 * the official TypeScript MCP SDK. Nothing is fetched at test time: a test runs the installed binaries
 * under {@code node_modules/.bin}.
 *
 * <p>Every run gets a private home (a directory under {@code target/node-clients/}) and an
 * environment built from nothing but {@code PATH}, {@code HOME}, {@code TMPDIR}, {@code LANG} and what
 * the caller adds, so neither the machine's nor the developer's configuration, keys or model
 * variables reach a client. Standard input is {@code /dev/null}; standard output and error are kept
 * in the home ({@code run-N.out}, {@code run-N.err}) next to the command line ({@code run-N.cmd}).
 *
 * <p>Call {@link #requireOrSkip()} from a {@code @BeforeAll}: when the clients are missing a test is
 * skipped, unless {@value #REQUIRE_VARIABLE} is set (CI sets it), then it fails.
 */
public final class NodeClients {

    /** CI sets it ({@code .ci/run}): missing clients are a failure there, not a skip. */
    public static final String REQUIRE_VARIABLE = "SPENDLINE_REQUIRE_NODE_CLIENTS";

    private static final Path BASEDIR =
            Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    /** The npm project that pins the clients. */
    public static final Path NODE_PROJECT = BASEDIR.resolve("src/test/node");

    public static final Path NODE_MODULES = NODE_PROJECT.resolve("node_modules");
    public static final Path BIN = NODE_MODULES.resolve(".bin");
    /** The MCP Inspector's launcher; {@code --cli} runs its CLI mode. */
    public static final Path INSPECTOR = BIN.resolve("mcp-inspector");
    /** Claude Code's native binary, put in place by the package's install step. */
    public static final Path CLAUDE = BIN.resolve("claude");
    /** Codex's launcher (a node script that starts the native binary of its platform package). */
    public static final Path CODEX = BIN.resolve("codex");
    /** Redocly's CLI ({@code @redocly/cli}): OpenApiIT lints the served OpenAPI document with it. */
    public static final Path REDOCLY = BIN.resolve("redocly");
    /** The TypeScript SDK's package, for tests that write their own client with it. */
    public static final Path TYPESCRIPT_SDK = NODE_MODULES.resolve("@modelcontextprotocol/sdk/package.json");

    /** tsx's launcher, run with node: it runs the TypeScript example of docs/mcp.md as it is. */
    public static final Path TSX = NODE_MODULES.resolve("tsx/dist/cli.mjs");
    /** The TypeScript OAuth client that docs/mcp.md shows (McpOAuthBrowserIT runs it, OAuthExampleDocTest holds them equal). */
    public static final Path OAUTH_EXAMPLE = NODE_PROJECT.resolve("oauth-example.mts");

    private static final Path HOMES = BASEDIR.resolve("target/node-clients");
    private static final String INSTALL_HINT =
            "install them: (cd standalone/src/test/node && npm ci --no-audit --no-fund), with node and npm on PATH"
                    + " (apt-get install -y nodejs npm)";

    private NodeClients() {}

    /**
     * Skips the calling test (a JUnit assumption) when node or an installed client is missing,
     * unless {@value #REQUIRE_VARIABLE} is set (to anything but empty or {@code 0}): then it fails.
     */
    public static void requireOrSkip() {
        List<Path> needed = new ArrayList<>();
        needed.add(node().orElse(Path.of("node (not on PATH)")));
        needed.add(INSPECTOR);
        needed.add(CLAUDE);
        needed.add(CODEX);
        needed.add(REDOCLY);
        needed.add(TYPESCRIPT_SDK);
        needed.add(NODE_MODULES.resolve("tsx/package.json"));
        requireOrSkip(needed, System.getenv(REQUIRE_VARIABLE));
    }

    /**
     * As {@link #requireOrSkip()}, for a test that needs only node and the given installed packages
     * ({@code node_modules/<name>/package.json}).
     */
    public static void requireOrSkip(String... packages) {
        List<Path> needed = new ArrayList<>();
        needed.add(node().orElse(Path.of("node (not on PATH)")));
        for (String name : packages) {
            needed.add(NODE_MODULES.resolve(name).resolve("package.json"));
        }
        requireOrSkip(needed, System.getenv(REQUIRE_VARIABLE));
    }

    static void requireOrSkip(List<Path> needed, String required) {
        List<String> missing = needed.stream()
                .filter(path ->
                        !(Files.isExecutable(path) || path.endsWith("package.json") && Files.isRegularFile(path)))
                .map(Path::toString)
                .toList();
        if (missing.isEmpty()) {
            return;
        }
        String message = "missing " + missing + ": " + INSTALL_HINT + " to run the real-MCP-client tests";
        if (required != null && !required.isBlank() && !required.equals("0")) {
            throw new AssertionError(message + " (" + REQUIRE_VARIABLE + "=" + required + ")");
        }
        Assumptions.abort(message);
    }

    /** The {@code node} on the test's PATH, if any (the Inspector starts its CLI with it). */
    public static Optional<Path> node() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(File.pathSeparator))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, "node"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /** A new private home directory under {@code target/node-clients/}, with a {@code work} directory in it. */
    public static Home newHome(String name) {
        try {
            Files.createDirectories(HOMES);
            Path home = Files.createTempDirectory(HOMES, name + "-");
            Files.createDirectories(home.resolve("work"));
            Files.createDirectories(home.resolve("tmp"));
            return new Home(home);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a finished (or timed-out and killed) client printed. */
    public record Result(List<String> command, int exitCode, boolean timedOut, String stdout, String stderr) {

        /** Fails, with everything the client printed, unless it exited 0 in time. */
        public Result assertSucceeded() {
            if (timedOut || exitCode != 0) {
                throw new AssertionError(describe());
            }
            return this;
        }

        public String describe() {
            return String.join(" ", command) + "\n"
                    + (timedOut ? "timed out and was killed" : "exited " + exitCode) + "\n--- stdout ---\n"
                    + stdout + "\n--- stderr ---\n" + stderr;
        }
    }

    /**
     * A private HOME for client runs: each {@link #run} starts the command in {@code work/} with a
     * clean environment (see the class comment).
     */
    public static final class Home {

        private final Path dir;
        private final AtomicInteger runs = new AtomicInteger();

        private Home(Path dir) {
            this.dir = dir;
        }

        public Path dir() {
            return dir;
        }

        /** The working directory every run starts in (a project directory, for Claude Code). */
        public Path work() {
            return dir.resolve("work");
        }

        /** The environment a run starts from before the caller's additions. */
        public Map<String, String> baseEnvironment() {
            Map<String, String> env = new LinkedHashMap<>();
            String nodeDir = node().map(n -> n.getParent().toString() + File.pathSeparator)
                    .orElse("");
            env.put("PATH", nodeDir + "/usr/local/bin:/usr/bin:/bin");
            env.put("HOME", dir.toString());
            env.put("TMPDIR", dir.resolve("tmp").toString());
            env.put("LANG", "C.UTF-8");
            env.put("NO_COLOR", "1");
            return env;
        }

        /** Runs the command with the base environment plus {@code env}; kills it (and its children) after the timeout. */
        public Result run(List<String> command, Map<String, String> env, Duration timeout) {
            int n = runs.incrementAndGet();
            Path out = dir.resolve("run-" + n + ".out");
            Path err = dir.resolve("run-" + n + ".err");
            try {
                Files.writeString(dir.resolve("run-" + n + ".cmd"), String.join(" ", command) + "\n" + env + "\n");
                ProcessBuilder builder = new ProcessBuilder(command)
                        .directory(work().toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
                builder.environment().clear();
                builder.environment().putAll(baseEnvironment());
                builder.environment().putAll(env);
                Process process = builder.start();
                boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (!finished) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
                return new Result(
                        List.copyOf(command),
                        finished ? process.exitValue() : -1,
                        !finished,
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
