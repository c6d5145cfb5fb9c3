package dev.spendline.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the real command line in-process, as {@code main} does, with its output captured. */
public final class InProcessCli {

    /** The exit code and what the run printed on stdout and stderr. */
    public record Result(int exitCode, String out, String err) {}

    private InProcessCli() {}

    public static Result run(Environment environment, String... args) {
        CommandLine commandLine = SpendlineCli.commandLine(environment);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }
}
