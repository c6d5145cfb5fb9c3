package dev.spendline.standalone.clients;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code spendline} CLI as a real subprocess: {@code java -cp <this test's class path>
 * dev.spendline.cli.SpendlineCli ARGS}, in a private {@link NodeClients.Home} shared with the agents,
 * so that the collector reads and patches the same {@code ~/.claude/settings.json} and
 * {@code ~/.codex/config.toml} they read. The environment is built from nothing: {@code PATH},
 * {@code HOME} (the home; no {@code XDG_*}, so the CLI's configuration lands in
 * {@code ~/.config/spendline} and its state in {@code ~/.local/state/spendline}), {@code TMPDIR},
 * {@code LANG} and {@code SPENDLINE_CREDENTIAL_STORE=file} (the session goes to a 0600 file instead
 * of the OS keyring, which a test machine may not have).
 *
 * <p>Standard output and error are merged, kept line by line for the test and written to
 * {@code <home>/spendline-<name>-N.log}.
 */
final class SpendlineCliProcess {

    private static final String MAIN_CLASS = "dev.spendline.cli.SpendlineCli";
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final NodeClients.Home home;

    SpendlineCliProcess(NodeClients.Home home) {
        this.home = home;
    }

    Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>(home.baseEnvironment());
        env.put("SPENDLINE_CREDENTIAL_STORE", "file");
        return env;
    }

    /** {@code ~/.config/spendline}: the collector's configuration and the session file. */
    Path configDir() {
        return home.dir().resolve(".config/spendline");
    }

    /** {@code ~/.local/state/spendline/collector}: the spool and the state file. */
    Path stateDir() {
        return home.dir().resolve(".local/state/spendline/collector");
    }

    /** Starts {@code spendline ARGS}; {@code name} names its log file. */
    Running start(String name, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(MAIN_CLASS);
        command.addAll(args);
        Path log = home.dir().resolve("spendline-" + name + "-" + RUNS.incrementAndGet() + ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(home.work().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true);
            builder.environment().clear();
            builder.environment().putAll(environment());
            Files.writeString(log, "$ spendline " + String.join(" ", args) + "\n");
            return new Running(args, builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code spendline ARGS} to its end (at most {@code timeout}). */
    Running run(String name, List<String> args, Duration timeout) {
        Running running = start(name, args);
        running.awaitExit(timeout);
        return running;
    }

    /** A started CLI process and what it printed so far. */
    static final class Running implements AutoCloseable {

        private final List<String> args;
        private final Process process;
        private final Path log;
        private final List<String> lines = new CopyOnWriteArrayList<>();
        private final Thread reader;

        private Running(List<String> args, Process process, Path log) {
            this.args = args;
            this.process = process;
            this.log = log;
            this.reader = new Thread(this::read, "spendline-cli-output");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                    Writer out = Files.newBufferedWriter(log, StandardOpenOption.APPEND)) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                    out.write(line + "\n");
                    out.flush();
                }
            } catch (IOException e) {
                lines.add("(reading the output failed: " + e + ")");
            }
        }

        List<String> lines() {
            return List.copyOf(lines);
        }

        String output() {
            return String.join("\n", lines);
        }

        Process process() {
            return process;
        }

        /** The first group of the first line matching {@code pattern}, waiting for it up to {@code timeout}. */
        String awaitLine(Pattern pattern, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                Optional<String> found = find(pattern);
                if (found.isPresent()) {
                    return found.get();
                }
                if (!process.isAlive()) {
                    awaitOutput();
                    return find(pattern)
                            .orElseThrow(() -> new AssertionError("spendline " + String.join(" ", args) + " exited "
                                    + process.exitValue() + " without printing " + pattern + ":\n" + output()));
                }
                sleep(100);
            }
            throw new AssertionError("spendline " + String.join(" ", args) + " did not print " + pattern + " within "
                    + timeout + ":\n" + output());
        }

        private Optional<String> find(Pattern pattern) {
            for (String line : lines) {
                Matcher matcher = pattern.matcher(line);
                if (matcher.find()) {
                    return Optional.of(matcher.groupCount() > 0 ? matcher.group(1) : line);
                }
            }
            return Optional.empty();
        }

        /** Waits for the exit; kills the process and fails when it takes longer than {@code timeout}. */
        int awaitExit(Duration timeout) {
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    kill();
                    throw new AssertionError("spendline " + String.join(" ", args) + " did not exit within " + timeout
                            + ":\n" + output());
                }
                awaitOutput();
                return process.exitValue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /** Fails with the output unless the process exited 0 within {@code timeout}. */
        Running assertSucceeded(Duration timeout) {
            int exit = awaitExit(timeout);
            if (exit != 0) {
                throw new AssertionError("spendline " + String.join(" ", args) + " exited " + exit + ":\n" + output());
            }
            return this;
        }

        /** {@code kill -9}: no shutdown hook, no flush, as a crash or an OOM kill would end it. */
        void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            awaitOutput();
        }

        /** SIGTERM, as a service manager stops it; waits up to 20 s. */
        int stop() {
            process.destroy();
            return awaitExit(Duration.ofSeconds(20));
        }

        private void awaitOutput() {
            try {
                reader.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                kill();
            }
        }

        private static void sleep(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
