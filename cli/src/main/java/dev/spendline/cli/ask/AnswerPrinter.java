package dev.spendline.cli.ask;

import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import tools.jackson.databind.JsonNode;

/**
 * An Ask answer for people: the answer in words, how the question was read, notes, a table of the
 * data's rows when there are any, and the dashboard link. When the question was not answered, the
 * reason and the example questions; for a budget asked for, the command and form that prepare it.
 */
final class AnswerPrinter {

    private AnswerPrinter() {}

    static void print(JsonNode answer, PrintWriter out) {
        out.println(TerminalText.escape(answer.path("answer").asString("")));
        String interpretation = answer.path("interpretation").asString(null);
        if (interpretation != null) {
            out.println();
            out.println(TerminalText.escape(interpretation));
        }
        for (JsonNode note : answer.path("notes")) {
            out.println("Note: " + TerminalText.escape(note.asString()));
        }
        Table table = Table.of(answer.get("data"));
        if (table != null) {
            out.println();
            table.print(out);
        }
        String link = answer.path("dashboardUrl").asString(null);
        if (link != null) {
            out.println();
            out.println("Dashboard: " + TerminalText.escape(link));
        }
        JsonNode form = answer.path("form");
        if (form.isObject()) {
            // A budget asked for: Ask prepared nothing; this is how to prepare it, then confirm.
            out.println();
            out.println("Prepare it with:");
            out.println("  " + TerminalText.escape(form.path("command").asString("")));
            out.println("Form: " + TerminalText.escape(form.path("dashboardUrl").asString("")));
        }
        if (answer.path("examples").size() > 0) {
            out.println();
            out.println("Questions Ask can answer, for example:");
            for (JsonNode example : answer.get("examples")) {
                out.println("  spendline ask '"
                        + TerminalText.escape(example.asString()).replace("'", "'\\''") + "'");
            }
        }
    }
}
