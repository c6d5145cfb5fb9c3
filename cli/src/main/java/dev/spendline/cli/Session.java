package dev.spendline.cli;

import dev.spendline.cli.auth.Credentials;
import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * What one run of a command works with: the global options, the environment, the output streams
 * of the command line (so tests capture them), the saved settings and the service client.
 */
public final class Session {

    private final Environment environment;
    private final CommandLine commandLine;
    private final GlobalOptions options;
    private SavedSettings settings;
    private ServiceClient client;

    Session(Environment environment, CommandLine commandLine, GlobalOptions options) {
        this.environment = environment;
        this.commandLine = commandLine;
        this.options = options;
    }

    public Environment environment() {
        return environment;
    }

    public PrintWriter out() {
        return commandLine.getOut();
    }

    public PrintWriter err() {
        return commandLine.getErr();
    }

    public boolean json() {
        return options.json;
    }

    /** Whether {@code --url} was given: then a printed follow-up command must repeat it. */
    public String explicitUrl() {
        return options.url;
    }

    /** {@code --url}, else {@code SPENDLINE_URL}, else the saved login's URL, else the local default. */
    public String url() {
        if (options.url != null) {
            return options.url;
        }
        String fromEnvironment = environment.variable(Environment.URL);
        if (fromEnvironment != null) {
            return fromEnvironment;
        }
        String saved = settings().url();
        return saved != null ? saved : Environment.DEFAULT_URL;
    }

    public SavedSettings settings() {
        if (settings == null) {
            settings = SavedSettings.read(environment);
        }
        return settings;
    }

    public ServiceClient client() {
        if (client == null) {
            client = new ServiceClient(url());
        }
        return client;
    }

    /** The API key to call with: from the environment or the saved credential; exit 3 without one. */
    public String apiKey() {
        return Credentials.resolve(environment, settings()).apiKey();
    }

    /** Prints a value as {@code --json} output: the JSON, indented, on stdout. */
    public void printJson(Object value) {
        // The same JSON value, with what a terminal would interpret (DEL, C1, bidi controls) as JSON escapes.
        out().println(TerminalText.json(value instanceof String text ? text : Json.write(value)));
        out().flush();
    }
}
