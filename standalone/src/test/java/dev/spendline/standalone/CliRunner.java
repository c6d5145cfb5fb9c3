package dev.spendline.standalone;

import dev.spendline.cli.Environment;
import dev.spendline.cli.SpendlineCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Runs the real {@code spendline} command: in-process through its {@link picocli.CommandLine}
 * with the environment injected, or as a process through the packaged launcher script.
 */
final class CliRunner {

    /** What a run printed and how it ended. */
    record Result(int exitCode, String out, String err) {

        JsonNode json() {
            return dev.spendline.contracts.json.Json.MAPPER.readTree(out);
        }

        List<String> errLines() {
            return err.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private CliRunner() {}

    /** In-process, with exactly these environment variables and {@code user.home} set to {@code home}. */
    static Result inProcess(Map<String, String> variables, Path home, String... args) {
        Properties properties = new Properties();
        properties.setProperty("user.home", home.toString());
        var commandLine = SpendlineCli.commandLine(new Environment(variables, properties));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    /** The packaged CLI (target/spendline of the cli module), as the failsafe configuration names it. */
    static Path home() {
        String home = System.getProperty("spendline.cli.home");
        if (home == null) {
            throw new IllegalStateException("system property spendline.cli.home is not set (run through Maven)");
        }
        Path launcher = Path.of(home, "bin", "spendline");
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException(launcher + " is missing or not executable: package the cli module first");
        }
        return Path.of(home);
    }

    /** {@code bin/spendline args...} as a process; the environment is the test's plus/minus {@code changes} (null removes). */
    static Result launcher(Map<String, String> changes, String... args) {
        List<String> command = new ArrayList<>();
        command.add(home().resolve("bin/spendline").toString());
        command.addAll(List.of(args));
        return process(command, changes);
    }

    static Result process(List<String> command, Map<String, String> changes) {
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> environment = builder.environment();
        new HashMap<>(changes).forEach((name, value) -> {
            if (value == null) {
                environment.remove(name);
            } else {
                environment.put(name, value);
            }
        });
        try {
            Path out = Files.createTempFile("spendline-cli", ".out");
            Path err = Files.createTempFile("spendline-cli", ".err");
            Process process = builder.redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(command + " did not finish within 60 s");
            }
            Result result = new Result(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
