package dev.spendline.cli.ask;

import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.ServiceClient;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline ask "<question>"}: {@code POST /api/v1/ask}, printed for people or as JSON. */
@Command(
        name = "ask",
        mixinStandardHelpOptions = true,
        description = "Asks a question about AI spend in words; prints the answer, how it was read and the"
                + " dashboard link. --json prints the service's answer unchanged. --follow-up reads the question"
                + " as a change to the last answered one (\"and last month?\", \"only for globex\","
                + " \"by model instead\", \"exclude that one\").")
public final class AskCommand extends SpendlineCommand {

    @Parameters(
            paramLabel = "QUESTION",
            arity = "1..*",
            description = "The question, e.g. \"AI spend by feature last month\" (several words are joined).")
    String[] words;

    @Option(
            names = "--follow-up",
            description = "Read the question as a change to the last answered question (its context is kept in"
                    + " the state directory, ~/.local/state/spendline/ask-context.json).")
    boolean followUp;

    @Override
    public Integer call() {
        Session session = session();
        ObjectNode request = Json.object();
        String question = String.join(" ", words);
        request.put("question", question);
        if (followUp) {
            request.put("context", previousContext(session));
        }
        ServiceClient.Reply reply = session.client().postOk("/api/v1/ask", session.apiKey(), request);
        String context = Json.text(reply.json(), "context");
        if (context != null) {
            // The last answered question is what the next --follow-up changes.
            new AskContextFile(session.url(), question, context).write(session.environment());
        }
        if (session.json()) {
            session.printJson(reply.body());
        } else {
            AnswerPrinter.print(reply.json(), session.out());
            session.out().flush();
        }
        return ExitCodes.OK;
    }

    private static String previousContext(Session session) {
        AskContextFile saved = AskContextFile.read(session.environment());
        if (saved == null) {
            throw new CliException(
                    ExitCodes.USAGE,
                    "no_previous_question",
                    "--follow-up needs a question answered before it; ask one without --follow-up first");
        }
        if (!saved.url().equals(session.url())) {
            throw new CliException(
                    ExitCodes.USAGE,
                    "no_previous_question",
                    "The last answered question (\"" + saved.question() + "\") was asked of " + saved.url() + ", not "
                            + session.url() + "; ask one of this service without --follow-up first");
        }
        return saved.context();
    }
}
