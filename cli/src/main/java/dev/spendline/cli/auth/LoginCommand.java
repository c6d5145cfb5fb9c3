package dev.spendline.cli.auth;

import dev.spendline.cli.CliException;
import dev.spendline.cli.Environment;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.SavedSettings;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import picocli.CommandLine.Command;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code spendline auth login}: checks the key in {@code SPENDLINE_API_KEY} against the service and
 * saves it. The key is never an argument: arguments end up in shell history and {@code ps}.
 */
@Command(
        name = "login",
        mixinStandardHelpOptions = true,
        description = {
            "Checks the API key in $SPENDLINE_API_KEY against the service and saves it in the OS credential"
                    + " store (macOS Keychain, Windows Credential Manager, Secret Service).",
            "Without one, saves it in $XDG_CONFIG_HOME/spendline/credentials (mode 0600) and warns.",
            "$SPENDLINE_CREDENTIAL_STORE=keyring|file|auto (default auto) chooses the store."
        })
final class LoginCommand extends SpendlineCommand {

    @Override
    public Integer call() {
        Session session = session();
        Environment environment = session.environment();
        String apiKey = environment.variable(Environment.API_KEY);
        if (apiKey == null) {
            throw new CliException(
                    ExitCodes.AUTH,
                    "missing_api_key",
                    "Set " + Environment.API_KEY + " to a workspace API key (Dashboard > API keys), then run"
                            + " 'spendline auth login' again; the key is never taken as an argument");
        }
        String url = session.url();
        // Checked first: a refused key must leave nothing behind.
        String workspaceId = Workspaces.workspaceOf(session.client(), apiKey);
        Credentials.Saved saved;
        try {
            saved = Credentials.save(environment, apiKey);
        } catch (StoreUnavailableException e) {
            throw new CliException(
                    ExitCodes.ERROR, "credential_store_unavailable", "The key was not saved: " + e.getMessage(), e);
        }
        new SavedSettings(url, saved.store().name(), workspaceId).write(environment);
        if (saved.warning() != null) {
            session.err().println(saved.warning());
            session.err().flush();
        }
        if (session.json()) {
            ObjectNode answer = Json.object();
            answer.put("url", url);
            answer.put("workspaceId", workspaceId);
            answer.put("store", saved.store().name());
            answer.put("location", saved.store().location());
            session.printJson(answer);
        } else {
            session.out()
                    .println("Logged in to " + TerminalText.escape(url) + " (workspace "
                            + TerminalText.escape(workspaceId) + ").");
            session.out().println("The key is saved in " + saved.store().location() + ".");
        }
        return ExitCodes.OK;
    }
}
