package dev.spendline.ask;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The body of {@code POST /api/v1/ask} (fields documented in docs/ask.md). When {@code answered}
 * is false, {@code answer} says why and {@code examples} lists questions Ask can answer; the tool,
 * data and link are left out because nothing was run.
 *
 * @param interpretation the reading in words: "Read as: AI spend by feature, ..."
 * @param notes every choice the asker did not spell out: defaults, typo corrections, ambiguities
 * @param tool the one read tool call, with the arguments of its input schema
 * @param data the tool's answer, unchanged (its output schema)
 * @param dashboardUrl the dashboard view of the same answer
 * @param form for a budget asked for ("set a $500 monthly budget for search"), the {@code create_budget}
 *     prepare request filled in, the dashboard form filled in and the CLI command; nothing prepared
 * @param context for an answered call, the opaque token a follow-up question sends back ({@link AskContext})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AskAnswer(
        boolean answered,
        String question,
        String answer,
        String interpretation,
        List<String> notes,
        Tool tool,
        Record data,
        String dashboardUrl,
        List<String> examples,
        Form form,
        String context) {

    AskAnswer(
            boolean answered,
            String question,
            String answer,
            String interpretation,
            List<String> notes,
            Tool tool,
            Record data,
            String dashboardUrl,
            List<String> examples,
            Form form) {
        this(answered, question, answer, interpretation, notes, tool, data, dashboardUrl, examples, form, null);
    }

    /**
     * Whether the question asked for a change (create a budget, snooze an alert): not answered, because
     * Ask only reads. Surfaces that cannot confirm a write (Slack) point to where it can be made.
     */
    @JsonIgnore
    public boolean writeRequest() {
        return !answered && answer != null && answer.contains(QuestionWords.READS_ONLY);
    }

    /**
     * A write the asker can prepare and confirm; Ask itself prepares nothing.
     *
     * @param action the write action's kind ({@code create_budget})
     * @param prepare where the request goes: {@code POST /api/v1/ask/actions/prepare}
     * @param request the prepare request's body, filled in from the question
     * @param dashboardUrl the dashboard's form, filled in with the same fields
     * @param command the CLI command that prepares the same request
     */
    public record Form(
            String action, String prepare, Map<String, Object> request, String dashboardUrl, String command) {}

    /** A tool call as MCP names it: the tool's name and its arguments. */
    public record Tool(String name, Map<String, Object> arguments) {}
}
