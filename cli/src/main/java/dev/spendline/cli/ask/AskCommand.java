package dev.spendline.cli.ask;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.ServiceClient;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline ask "<question>"}: {@code POST /api/v1/ask}, printed for people or as JSON. */
@Command(
        name = "ask",
        mixinStandardHelpOptions = true,
        description = "Asks a question about AI spend in words; prints the answer, how it was read and the"
                + " dashboard link. --json prints the service's answer unchanged.")
public final class AskCommand extends SpendlineCommand {

    @Parameters(
            paramLabel = "QUESTION",
            arity = "1..*",
            description = "The question, e.g. \"AI spend by feature last month\" (several words are joined).")
    String[] words;

    @Override
    public Integer call() {
        Session session = session();
        ObjectNode request = Json.object();
        request.put("question", String.join(" ", words));
        ServiceClient.Reply reply = session.client().postOk("/api/v1/ask", session.apiKey(), request);
        if (session.json()) {
            session.printJson(reply.body());
        } else {
            AnswerPrinter.print(reply.json(), session.out());
            session.out().flush();
        }
        return ExitCodes.OK;
    }
}
