package dev.spendline.cli.action;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.ServiceClient;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline action confirm --token --phrase}: executes a prepared action, once. */
@Command(
        name = "confirm",
        mixinStandardHelpOptions = true,
        description = "Executes a prepared action: the token and the exact phrase printed by prepare-*, within"
                + " 10 minutes, with the same API key. Confirming again prints the stored result.")
final class ConfirmCommand extends SpendlineCommand {

    @Option(names = "--token", required = true, description = "The confirmation token (sct_...).")
    String token;

    @Option(names = "--phrase", required = true, description = "The confirmation phrase, exactly.")
    String phrase;

    @Override
    public Integer call() {
        Session session = session();
        ObjectNode request = Json.object();
        request.put("confirmationToken", token);
        request.put("confirmationPhrase", phrase);
        ServiceClient.Reply reply = session.client().postOk("/api/v1/ask/actions/confirm", session.apiKey(), request);
        if (session.json()) {
            session.printJson(reply.body());
        } else {
            print(reply.json(), session.out());
        }
        return ExitCodes.OK;
    }

    private static void print(JsonNode done, PrintWriter out) {
        boolean replayed = done.path("replayed").asBoolean(false);
        out.println((replayed ? "Already done earlier: " : "Done: ")
                + TerminalText.escape(done.path("summary").asString()));
        out.println("Status: " + TerminalText.escape(done.path("status").asString()) + ", executed at "
                + TerminalText.escape(done.path("executedAt").asString()));
        JsonNode result = done.path("result");
        String id = result.path("id").asString(result.path("alertId").asString(null));
        if (id != null) {
            out.println("Id: " + TerminalText.escape(id));
        }
        out.flush();
    }
}
