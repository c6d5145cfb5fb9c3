package dev.spendline.sdk.typescript;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Builds {@code @spendline/client} ({@code npm run build}: the price book generated from the server's
 * CSV, {@code tsc} to {@code dist/}, the declarations type-checked as an application uses them) and
 * runs its {@code node --test} suites, so that {@code ./mvnw verify} fails when they fail. The output
 * of each step is kept in {@code target/} and shown on failure.
 *
 * <p>Needs {@code node} and the pinned devDependencies ({@code npm ci} here, which {@code .ci/run}
 * does): skipped without them, failed when {@value #REQUIRE_VARIABLE} is set (CI), as the build's
 * other Node tests.
 */
class TypeScriptPackageTest {

    static final String REQUIRE_VARIABLE = "SPENDLINE_REQUIRE_NODE_CLIENTS";

    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    private static final Path TARGET = ROOT.resolve("target");

    private static Path node;

    @BeforeAll
    static void requireNode() {
        node = onPath("node").orElse(null);
        List<String> missing = new ArrayList<>();
        if (node == null) {
            missing.add("node (not on PATH)");
        }
        if (!Files.isRegularFile(ROOT.resolve("node_modules/typescript/bin/tsc"))) {
            missing.add("the devDependencies (node_modules/typescript)");
        }
        if (missing.isEmpty()) {
            return;
        }
        String message =
                "missing " + missing + ": run (cd sdks/typescript && npm ci) to build and test @spendline/client";
        String required = System.getenv(REQUIRE_VARIABLE);
        if (required != null && !required.isBlank() && !required.equals("0")) {
            throw new AssertionError(message + " (" + REQUIRE_VARIABLE + "=" + required + ")");
        }
        Assumptions.abort(message);
    }

    @Test
    void buildsAndPassesItsNodeTests() throws Exception {
        run("build", "scripts/build.mjs");
        assertThat(ROOT.resolve("dist/index.js")).isRegularFile();
        assertThat(ROOT.resolve("dist/index.d.ts")).isRegularFile();
        String tests = run("node-test", "scripts/test.mjs");
        assertThat(tests).contains("# fail 0").doesNotContain("# pass 0\n");
    }

    /** Runs a script of the package with node; fails with its whole output unless it exits 0. */
    private static String run(String name, String script) throws IOException, InterruptedException {
        Files.createDirectories(TARGET);
        Path log = TARGET.resolve("typescript-" + name + ".log");
        Process process = new ProcessBuilder(node.toString(), script)
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(log.toFile())
                .start();
        boolean finished = process.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(finished)
                .as("node %s did not finish in 5 minutes:%n%s", script, output)
                .isTrue();
        assertThat(process.exitValue())
                .as("node %s failed:%n%s", script, output)
                .isZero();
        return output;
    }

    private static Optional<Path> onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(File.pathSeparator))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, command))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
