package dev.spendline.cli;

import dev.spendline.cli.action.ActionCommand;
import dev.spendline.cli.ask.AskCommand;
import dev.spendline.cli.auth.AuthCommand;
import dev.spendline.cli.collector.CollectorCommand;
import dev.spendline.cli.spend.SpendCommand;
import dev.spendline.contracts.validation.TerminalText;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code spendline}: the root command. Declares the options every subcommand inherits and turns
 * every failure into one line on stderr and an exit code ({@link ExitCodes}); a stack trace only
 * with {@code --debug}.
 */
@Command(
        name = "spendline",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description =
                "Spendline from the command line: log in, ask about AI spend, prepare and confirm changes, run the"
                        + " local collector of coding-agent usage.",
        subcommands = {
            AuthCommand.class,
            AskCommand.class,
            SpendCommand.class,
            ActionCommand.class,
            CollectorCommand.class
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:ok",
            "1:the service refused or failed the request",
            "2:usage error",
            "3:not logged in, or the API key was refused",
            "4:the workspace's plan does not allow it",
            "5:confirmation refused (wrong phrase, expired, unknown token, other key)",
            "6:the service is unreachable"
        })
public final class SpendlineCli implements Callable<Integer> {

    private final Environment environment;
    private final GlobalOptions options = new GlobalOptions();
    private Session session;

    @Spec
    CommandSpec spec;

    public SpendlineCli(Environment environment) {
        this.environment = environment;
    }

    @Option(
            names = "--url",
            paramLabel = "URL",
            scope = ScopeType.INHERIT,
            description = "Spendline base URL (default: $SPENDLINE_URL, else the URL of the last login," + " else "
                    + Environment.DEFAULT_URL + ")")
    void url(String url) {
        options.url = url;
    }

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Machine-readable JSON output on stdout.")
    void json(boolean json) {
        options.json = json;
    }

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print stack traces of failures.")
    void debug(boolean debug) {
        options.debug = debug;
    }

    /** The session of this run; made on first use, after the options were parsed. */
    public Session session() {
        if (session == null) {
            session = new Session(environment, spec.commandLine(), options);
        }
        return session;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }

    /** The command line with the CLI's error handling, for {@code main} and for tests. */
    public static CommandLine commandLine(Environment environment) {
        SpendlineCli root = new SpendlineCli(environment);
        CommandLine commandLine = new CommandLine(root);
        commandLine.setExecutionExceptionHandler((e, command, parseResult) -> root.failed(e));
        commandLine.setParameterExceptionHandler((e, args) -> {
            CommandLine failed = e.getCommandLine();
            failed.getErr().println("spendline: " + TerminalText.escape(e.getMessage()));
            CommandLine.UnmatchedArgumentException.printSuggestions(e, failed.getErr());
            failed.getErr()
                    .println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCodes.USAGE;
        });
        return commandLine;
    }

    private int failed(Exception e) {
        Session current = session();
        int exitCode;
        if (e instanceof CliException failure) {
            if (current.json() && failure.problem() != null) {
                current.printJson(failure.problem());
            }
            exitCode = failure.exitCode();
        } else {
            if (current.json()) {
                current.printJson(Json.problem("internal_error", String.valueOf(e), ExitCodes.ERROR));
            }
            exitCode = ExitCodes.ERROR;
        }
        String message = e instanceof CliException ? e.getMessage() : "unexpected failure: " + e;
        // Service problems echo names and values: never let them drive the terminal.
        current.err().println("spendline: " + TerminalText.escape(message));
        if (options.debug) {
            e.printStackTrace(current.err());
        }
        current.err().flush();
        return exitCode;
    }

    public static void main(String[] args) {
        System.exit(commandLine(Environment.system()).execute(args));
    }
}
