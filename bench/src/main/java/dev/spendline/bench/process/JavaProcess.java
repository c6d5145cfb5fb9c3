package dev.spendline.bench.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One Spendline service (or broker) as a separate JVM, as it runs in production: started from its
 * packaged jar or main class, stopped with a real SIGTERM or SIGKILL, started again with the same
 * arguments. Its output goes to a log file (kept for diagnosis) and is searchable in memory.
 */
public final class JavaProcess implements AutoCloseable {

    private final String name;
    private final List<String> command;
    private final Path logFile;
    private final List<String> output = new CopyOnWriteArrayList<>();
    private Process process;

    private JavaProcess(String name, List<String> command, Path logFile) {
        this.name = name;
        this.command = List.copyOf(command);
        this.logFile = logFile;
    }

    public static JavaProcess jar(String name, Path jar, List<String> jvmArgs, List<String> args, Path logDir) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(jvmArgs);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        return new JavaProcess(name, command, logDir.resolve(name + ".log"));
    }

    /** Any command line, e.g. a Kafka node started through another jar. */
    public static JavaProcess of(String name, List<String> command, Path logDir) {
        return new JavaProcess(name, command, logDir.resolve(name + ".log"));
    }

    public static JavaProcess mainClass(
            String name, String classpath, String mainClass, List<String> jvmArgs, List<String> args, Path logDir) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(args);
        return new JavaProcess(name, command, logDir.resolve(name + ".log"));
    }

    /** Starts the process and waits until a line of its output contains {@code readyLine}. */
    public JavaProcess start(String readyLine, Duration timeout) {
        launch();
        awaitLine(l -> l.contains(readyLine), timeout);
        return this;
    }

    /**
     * Starts the process without waiting for it: for processes that are ready only together (the
     * nodes of a Kafka quorum). Wait with {@link #awaitLine}.
     */
    public JavaProcess launch() {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(name + " is already running");
        }
        output.clear();
        try {
            Files.createDirectories(logFile.getParent());
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + name, e);
        }
        Process current = process;
        Thread pump = new Thread(() -> pump(current), name + "-output");
        pump.setDaemon(true);
        pump.start();
        return this;
    }

    private void pump(Process current) {
        try (BufferedReader lines =
                        new BufferedReader(new InputStreamReader(current.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter log = new PrintWriter(Files.newBufferedWriter(
                        logFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
            log.println("---- " + name + " started: " + String.join(" ", command));
            String line;
            while ((line = lines.readLine()) != null) {
                output.add(line);
                log.println(line);
                log.flush();
            }
        } catch (IOException e) {
            // The process is gone; whoever waits on it finds out through isAlive().
        }
    }

    /** Waits for a line of output matching {@code test}; fails fast if the process exits. */
    public String awaitLine(Predicate<String> test, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : output) {
                if (test.test(line)) {
                    return line;
                }
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + logFile);
            }
            sleep(50);
        }
        throw new IllegalStateException(name + " did not get ready within " + timeout + "; see " + logFile);
    }

    public List<String> output() {
        return List.copyOf(output);
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no flush, no commit. Returns the exit code (137). */
    public int kill() {
        process.toHandle().destroyForcibly();
        return awaitExit();
    }

    /** SIGTERM: the JVM runs its shutdown hooks. Returns the exit code. */
    public int terminate() {
        process.toHandle().destroy();
        return awaitExit();
    }

    private int awaitExit() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Path logFile() {
        return logFile;
    }

    @Override
    public void close() {
        // Gracefully first, so that flight recordings and logs are written; then by force.
        if (isAlive()) {
            process.toHandle().destroy();
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    kill();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                kill();
            }
        }
    }

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
