package dev.spendline.query.slack;

import static com.slack.api.model.block.Blocks.context;
import static com.slack.api.model.block.Blocks.section;
import static com.slack.api.model.block.composition.BlockCompositions.markdownText;

import com.slack.api.model.block.LayoutBlock;
import dev.spendline.ask.AnswerTable;
import dev.spendline.ask.AskAnswer;
import dev.spendline.query.dashboard.Formats;
import java.util.ArrayList;
import java.util.List;

/**
 * An Ask answer as a Slack message in Block Kit: the answer, how it was read ("Read as: …") and its
 * notes, a compact table of the first rows, and the link to the dashboard view with the same figures.
 * A question Ask cannot answer gets the reason and example questions; a request for a change gets
 * where to make it (the dashboard or the CLI), because nothing is written from Slack.
 */
final class SlackAnswers {

    /** Rows and columns of the compact table; the dashboard has the rest. */
    static final int ROWS = 10;

    static final int COLUMNS = 4;

    /** Slack's limit on a section's text. */
    private static final int SECTION_LIMIT = 3000;

    private final Formats formats;

    SlackAnswers(Formats formats) {
        this.formats = formats;
    }

    /**
     * A message: its blocks and the plain text Slack shows in notifications.
     *
     * @param context an answer's follow-up context, posted as the message's metadata so that a mention
     *     later in the thread follows it up; null for other messages
     */
    record Message(String text, List<LayoutBlock> blocks, String context) {

        Message(String text, List<LayoutBlock> blocks) {
            this(text, blocks, null);
        }
    }

    Message of(AskAnswer answer, String baseUrl, String command) {
        if (answer.answered()) {
            return answered(answer);
        }
        if (answer.writeRequest()) {
            String text = "Spendline does not make changes from Slack. Prepare and confirm it in the dashboard or"
                    + " with the CLI.";
            List<LayoutBlock> blocks = new ArrayList<>();
            blocks.add(section(s -> s.text(markdownText(escape(text)))));
            blocks.add(section(s -> s.text(markdownText(limit(escape(answer.answer()))))));
            if (answer.form() != null) {
                // The budget asked for, filled in: the form and the exact command that prepare it.
                blocks.add(section(s -> s.text(markdownText("<" + answer.form().dashboardUrl()
                        + "|Open the budget form, filled in>\nCLI: `"
                        + answer.form().command()
                        + "`, then the `spendline action confirm` command it prints"))));
            }
            blocks.add(section(s -> s.text(markdownText("Dashboard: <" + baseUrl + "/app/budgets|budgets> · <"
                    + baseUrl + "/app/alerts|alerts> · <" + baseUrl + "/app/experiments|experiments>\n"
                    + "CLI: `spendline action prepare-budget …`, `spendline action"
                    + " prepare-alert-snooze …`, then `spendline action confirm`"))));
            return new Message(text, blocks);
        }
        List<LayoutBlock> blocks = new ArrayList<>();
        blocks.add(section(s -> s.text(markdownText(escape(answer.answer())))));
        StringBuilder examples = new StringBuilder("Questions like these can be answered:");
        for (String example : answer.examples()) {
            examples.append("\n• `")
                    .append(command)
                    .append(' ')
                    .append(escape(example))
                    .append('`');
        }
        blocks.add(section(s -> s.text(markdownText(examples.toString()))));
        return new Message(answer.answer(), blocks);
    }

    /** What a question-less command or mention gets: how to ask and examples. */
    Message usage(String command, List<String> examples) {
        StringBuilder text = new StringBuilder("Ask about this workspace's AI spend in words, e.g.:");
        for (String example : examples) {
            text.append("\n• `")
                    .append(command)
                    .append(' ')
                    .append(escape(example))
                    .append('`');
        }
        return new Message(
                "Ask about this workspace's AI spend in words.",
                List.of(section(s -> s.text(markdownText(text.toString())))));
    }

    /** A short message for when no answer could be made (not connected, data loading). */
    Message notice(String text) {
        return new Message(text, List.of(section(s -> s.text(markdownText(escape(text))))));
    }

    private Message answered(AskAnswer answer) {
        List<LayoutBlock> blocks = new ArrayList<>();
        blocks.add(section(s -> s.text(markdownText(limit(escape(answer.answer()))))));
        StringBuilder reading = new StringBuilder(escape(answer.interpretation()));
        for (String note : answer.notes()) {
            reading.append("\n").append(escape(note));
        }
        blocks.add(context(c -> c.elements(List.of(markdownText(limit(reading.toString()))))));
        String table = table(AnswerTable.of(answer.data(), formats));
        if (table != null) {
            blocks.add(section(s -> s.text(markdownText(table))));
        }
        blocks.add(
                section(s -> s.text(markdownText("<" + answer.dashboardUrl() + "|Open in the Spendline dashboard>"))));
        return new Message(answer.answer(), blocks, answer.context());
    }

    /** The first rows and columns as fixed-width text: Block Kit has no tables that work everywhere. */
    static String table(AnswerTable table) {
        if (table == null) {
            return null;
        }
        int columns = Math.min(COLUMNS, table.headings().size());
        List<List<String>> lines = new ArrayList<>();
        lines.add(table.headings().subList(0, columns));
        for (List<AnswerTable.Cell> row :
                table.rows().subList(0, Math.min(ROWS, table.rows().size()))) {
            lines.add(
                    row.subList(0, columns).stream().map(AnswerTable.Cell::text).toList());
        }
        int[] widths = new int[columns];
        for (List<String> line : lines) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], Math.min(24, line.get(i).length()));
            }
        }
        StringBuilder out = new StringBuilder("```\n");
        for (int r = 0; r < lines.size(); r++) {
            List<String> line = lines.get(r);
            for (int i = 0; i < columns; i++) {
                String cell = line.get(i).length() > 24 ? line.get(i).substring(0, 23) + "…" : line.get(i);
                // Figures right-aligned so that amounts line up; the first column names the row.
                out.append(pad(cell, widths[i], r > 0 && i > 0));
                out.append(i + 1 < columns ? "  " : "");
            }
            out.append('\n');
        }
        if (table.rows().size() > ROWS) {
            out.append("… ").append(table.rows().size() - ROWS).append(" more rows in the dashboard\n");
        }
        return limit(escape(out.append("```").toString()));
    }

    private static String pad(String text, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - text.length()));
        return right ? spaces + text : text + spaces;
    }

    /** Slack's mrkdwn treats these three as control characters (https://api.slack.com/reference/surfaces/formatting). */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String limit(String text) {
        return text.length() <= SECTION_LIMIT ? text : text.substring(0, SECTION_LIMIT - 1) + "…";
    }
}
