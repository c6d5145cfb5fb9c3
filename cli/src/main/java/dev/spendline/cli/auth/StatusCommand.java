package dev.spendline.cli.auth;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import picocli.CommandLine.Command;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline auth status}: where the key lives and which workspace it reaches; never the key. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = "Shows where the credential lives and which workspace it reaches (asks the service).")
final class StatusCommand extends SpendlineCommand {

    @Override
    public Integer call() {
        Session session = session();
        Credentials.Found found = Credentials.resolve(session.environment(), session.settings());
        String workspaceId = Workspaces.workspaceOf(session.client(), found.apiKey());
        if (session.json()) {
            ObjectNode answer = Json.object();
            answer.put("url", session.url());
            answer.put("workspaceId", workspaceId);
            answer.put("store", found.store());
            answer.put("location", found.location());
            session.printJson(answer);
        } else {
            session.out()
                    .println("Logged in to " + TerminalText.escape(session.url()) + " (workspace "
                            + TerminalText.escape(workspaceId) + ").");
            session.out().println("The key is in " + found.location() + ".");
        }
        return ExitCodes.OK;
    }
}
