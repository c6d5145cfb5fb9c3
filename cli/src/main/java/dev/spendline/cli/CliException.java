package dev.spendline.cli;

import tools.jackson.databind.JsonNode;

/**
 * A failure the user can act on: one line for stderr, the exit code, and for {@code --json} the
 * machine-readable problem (the service's problem+json body unchanged, or one made here).
 */
public class CliException extends RuntimeException {

    private final int exitCode;
    private final transient JsonNode problem;

    public CliException(int exitCode, String message, JsonNode problem) {
        super(message);
        this.exitCode = exitCode;
        this.problem = problem;
    }

    public CliException(int exitCode, String code, String message) {
        this(exitCode, message, Json.problem(code, message, exitCode));
    }

    public CliException(int exitCode, String code, String message, Throwable cause) {
        this(exitCode, code, message);
        initCause(cause);
    }

    public int exitCode() {
        return exitCode;
    }

    public JsonNode problem() {
        return problem;
    }
}
