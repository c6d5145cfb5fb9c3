package dev.spendline.cli.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.cli.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Issue #28 (9): names in an answer (a tenant, a feature, a team) are data, never terminal commands. */
class AnswerPrinterTest {

    private static final String HOSTILE = "acme\u001b]0;owned\u0007\r\nFAKE ROW\u202eevil";

    @Test
    void namesWithEscBelCrLfAndRloArePrintedEscapedAndTheTableStaysAligned() {
        ObjectNode answer = Json.object();
        answer.put("answer", "The top tenant is " + HOSTILE + ".\nSecond line.");
        answer.putArray("notes").add("Note about " + HOSTILE);
        ObjectNode data = answer.putObject("data");
        data.put("by", "tenant");
        data.putArray("rows")
                .add(Json.object().put("value", HOSTILE).put("calls", 12))
                .add(Json.object().put("value", "beta").put("calls", 3));
        StringWriter out = new StringWriter();
        AnswerPrinter.print(answer, new PrintWriter(out, true));
        String printed = out.toString();

        assertThat(printed).doesNotContain("\u001b", "\u0007", "\r", "\u202e");
        String escaped = "acme\\u001b]0;owned\\u0007\\u000d\\u000aFAKE ROW\\u202eevil";
        assertThat(printed.lines())
                .contains("The top tenant is " + escaped + ".\\u000aSecond line.", "Note: Note about " + escaped)
                .contains("tenant" + " ".repeat(escaped.length() - "tenant".length()) + "  calls")
                .contains(escaped + "     12")
                .contains("beta" + " ".repeat(escaped.length() - 4) + "      3");
    }

    @Test
    void aBudgetAskedForPrintsTheCommandAndTheFormThatPrepareIt() {
        ObjectNode answer = Json.object();
        answer.put("answered", false);
        answer.put("answer", "Ask only reads, so nothing has been prepared or changed.");
        ObjectNode form = answer.putObject("form");
        form.put("command", "spendline action prepare-budget --name 'search monthly' --limit-usd 500 --scope FEATURE");
        form.put("dashboardUrl", "https://spendline.example/app/budgets/new?name=search%20monthly");
        StringWriter out = new StringWriter();
        AnswerPrinter.print(answer, new PrintWriter(out, true));
        assertThat(out.toString().lines())
                .contains("Prepare it with:")
                .contains("  spendline action prepare-budget --name 'search monthly' --limit-usd 500 --scope FEATURE")
                .contains("Form: https://spendline.example/app/budgets/new?name=search%20monthly");
    }
}
