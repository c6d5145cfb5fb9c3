package dev.spendline.cli;

/**
 * The exit codes of every {@code spendline} command, documented in docs/cli.md. Scripts branch on
 * them, so they never change meaning.
 */
public final class ExitCodes {

    /** The command did what it said. */
    public static final int OK = 0;
    /** The service refused or failed the request (validation, conflict, 5xx), or a local failure. */
    public static final int ERROR = 1;
    /** The command line itself was wrong (picocli's usage code). */
    public static final int USAGE = 2;
    /** No saved credential, or the service refused the API key (401). */
    public static final int AUTH = 3;
    /** The workspace's plan does not allow it (403 {@code plan_required}). */
    public static final int PLAN = 4;
    /** The confirmation was refused: wrong phrase, expired, unknown token or another key. */
    public static final int CONFIRMATION = 5;
    /** The service could not be reached (connection refused, timeout, DNS). */
    public static final int UNREACHABLE = 6;

    private ExitCodes() {}
}
