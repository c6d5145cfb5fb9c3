package dev.spendline.cli.action;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.ServiceClient;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The common part of the prepare-* commands: {@code POST /api/v1/ask/actions/prepare}, then the
 * summary, the expiry and the exact confirm command. Never confirms: a person reads the summary and
 * runs the printed command (or types the phrase) themselves.
 */
abstract class PrepareCommand extends SpendlineCommand {

    static final String PREPARE = "/api/v1/ask/actions/prepare";

    /** The service's action kind, e.g. {@code create_budget}. */
    abstract String action();

    /** The action's fields, added to the request after {@code action}. */
    abstract void fields(ObjectNode request);

    @Override
    public Integer call() {
        Session session = session();
        ObjectNode request = Json.object();
        request.put("action", action());
        fields(request);
        ServiceClient.Reply reply = session.client().postOk(PREPARE, session.apiKey(), request);
        if (session.json()) {
            session.printJson(reply.body());
        } else {
            print(reply.json(), session);
        }
        return ExitCodes.OK;
    }

    private static void print(JsonNode prepared, Session session) {
        PrintWriter out = session.out();
        out.println("Prepared (nothing has changed yet): "
                + TerminalText.escape(prepared.path("summary").asString()));
        out.println("Expires at "
                + TerminalText.escape(prepared.path("expiresAt").asString()) + " (10 minutes after preparing).");
        out.println("To confirm, type the phrase yourself or run:");
        out.println();
        out.println("  " + TerminalText.escape(confirmCommand(prepared, session.explicitUrl())));
        out.flush();
    }

    static String confirmCommand(JsonNode prepared, String explicitUrl) {
        return "spendline action confirm"
                + (explicitUrl == null ? "" : " --url " + ShellQuote.quote(explicitUrl))
                + " --token "
                + ShellQuote.quote(prepared.path("confirmationToken").asString())
                + " --phrase "
                + ShellQuote.quote(prepared.path("confirmationPhrase").asString());
    }
}
