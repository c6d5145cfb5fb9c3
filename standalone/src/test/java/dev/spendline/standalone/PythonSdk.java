package dev.spendline.standalone;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code python3} on the Python sender, {@code sdks/python} (package {@code spendline}, standard
 * library only, imported from its {@code src/}: nothing is installed). Python 3.9 or later is
 * required on every machine that runs the build: a missing {@code python3} fails the tests that use
 * it, it never skips them.
 */
final class PythonSdk {

    private static final Path BASEDIR =
            Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    /** The package's project: {@code pyproject.toml}, {@code src/spendline}, {@code tests}. */
    static final Path PROJECT = BASEDIR.resolveSibling("sdks").resolve("python");
    /** What the package imports from. */
    static final Path SOURCES = PROJECT.resolve("src");
    /** The scripts the standalone's tests run with the package. */
    static final Path SCRIPTS = BASEDIR.resolve("src/test/python");

    private PythonSdk() {}

    /** What a finished (or timed-out and killed) run printed. */
    record Result(List<String> command, int exitCode, boolean timedOut, String stdout, String stderr) {

        /** Everything the run printed, for a failure message. */
        String describe() {
            return String.join(" ", command) + "\n" + (timedOut ? "timed out and was killed" : "exited " + exitCode)
                    + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }

        /** Fails, with everything the run printed, unless it exited 0 in time. */
        Result assertSucceeded() {
            if (timedOut || exitCode != 0) {
                throw new AssertionError(describe());
            }
            return this;
        }
    }

    /**
     * Runs {@code python3 args...} in {@code workDir} with {@code PYTHONPATH} set to the package's
     * sources and {@code env} added; kills it after {@code timeout}.
     */
    static Result run(Path workDir, List<String> args, Map<String, String> env, Duration timeout) {
        List<String> command = new java.util.ArrayList<>();
        command.add("python3");
        command.addAll(args);
        try {
            Path out = Files.createTempFile("python-sdk-", ".out");
            Path err = Files.createTempFile("python-sdk-", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(command)
                        .directory(workDir.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
                builder.environment().put("PYTHONPATH", SOURCES.toString());
                builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
                builder.environment().put("PYTHONUNBUFFERED", "1");
                builder.environment().putAll(env);
                Process process;
                try {
                    process = builder.start();
                } catch (IOException e) {
                    throw new AssertionError(
                            "python3 is required to test the Python sender (sdks/python): install Python 3.9 or later"
                                    + " (apt-get install -y python3)",
                            e);
                }
                boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (!finished) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
                return new Result(
                        command,
                        finished ? process.exitValue() : -1,
                        !finished,
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
