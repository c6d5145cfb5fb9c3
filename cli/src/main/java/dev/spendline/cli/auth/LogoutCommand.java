package dev.spendline.cli.auth;

import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.SavedSettings;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code spendline auth logout}: deletes the key from the OS store and the file, whichever holds
 * it (a key may be in both after switching stores). Logging out twice is not an error.
 */
@Command(
        name = "logout",
        mixinStandardHelpOptions = true,
        description = "Deletes the saved credential from the OS credential store and the credentials file.")
final class LogoutCommand extends SpendlineCommand {

    @Override
    public Integer call() {
        Session session = session();
        List<String> problems = new ArrayList<>();
        List<String> removed = Credentials.deleteEverywhere(session.environment(), problems);
        SavedSettings settings = session.settings();
        // An unreachable OS store only matters when the last login put the key there: then the key
        // may still be in it, and saying "logged out" would be wrong.
        if ("keyring".equals(settings.store()) && !problems.isEmpty()) {
            throw new CliException(
                    ExitCodes.ERROR,
                    "credential_not_removed",
                    "The key may still be in the OS credential store (" + String.join("; ", problems)
                            + "); the settings still name it, so run 'spendline auth logout' again where the store is reachable");
        }
        if (settings != SavedSettings.NONE) {
            // Keep the URL: the next login most likely goes to the same service.
            new SavedSettings(settings.url(), null, null).write(session.environment());
        }
        boolean wasInFile = removed.contains("file");
        boolean wasInKeyring = removed.contains("keyring");
        if (session.json()) {
            ObjectNode answer = Json.object();
            ArrayNode stores = answer.putArray("removed");
            removed.forEach(stores::add);
            session.printJson(answer);
        } else if (removed.isEmpty()) {
            session.out().println("No saved credential found; nothing to remove.");
        } else {
            session.out()
                    .println("Removed the saved credential from "
                            + (wasInKeyring && wasInFile
                                    ? "the OS credential store and the credentials file"
                                    : wasInKeyring ? "the OS credential store" : "the credentials file")
                            + ".");
        }
        return ExitCodes.OK;
    }
}
