package dev.spendline.ask;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The answer to a change asked for ({@link WriteIntent}): never the change itself. A complete budget
 * request gets, on the Team plan, the {@code create_budget} prepare request filled in, the dashboard's
 * budget form filled in ({@value #FORM}) and the CLI command that prepares it; a FREE workspace is told
 * it needs the Team plan; anything else gets what is missing or where the change is made.
 */
final class WriteAnswers {

    /** The dashboard's create-budget form, filled in from its query parameters. */
    static final String FORM = "/app/budgets/new";

    static final String PREPARE = "POST /api/v1/ask/actions/prepare";

    private WriteAnswers() {}

    static AskAnswer answer(String question, WriteIntent write, WorkspacePlan plan, String baseUrl) {
        WriteIntent.Budget budget = write.budget();
        if (budget == null) {
            return new AskAnswer(
                    false, question, write.reply() + ".", null, write.notes(), null, null, null, null, null);
        }
        if (plan == WorkspacePlan.FREE) {
            return new AskAnswer(
                    false,
                    question,
                    QuestionWords.READS_ONLY + ", and creating budgets needs the Team plan: this workspace is on"
                            + " the FREE plan, so the budget asked for (" + budget.words() + ") cannot be prepared"
                            + " here. Reading, budget status included, works on every plan.",
                    null,
                    write.notes(),
                    null,
                    null,
                    null,
                    null,
                    null);
        }
        String answer = QuestionWords.READS_ONLY + ", so nothing has been prepared or changed. The budget asked"
                + " for is " + budget.words() + ": prepare it with the create_budget request, the dashboard's form or"
                + " the CLI command, then confirm it by typing the phrase that preparing shows."
                + (plan == null ? " Creating budgets needs the Team plan." : "");
        return new AskAnswer(
                false,
                question,
                answer,
                null,
                write.notes(),
                null,
                null,
                null,
                null,
                new AskAnswer.Form(
                        WriteIntent.Budget.ACTION,
                        PREPARE,
                        budget.request(),
                        formLink(baseUrl, budget),
                        command(budget)));
    }

    /** {@code /app/budgets/new?name=…&limitUsd=…&scope=…&scopeValue=…&period=…}, as the form names its fields. */
    static String formLink(String baseUrl, WriteIntent.Budget budget) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        String query = budget.request().entrySet().stream()
                .filter(e -> !e.getKey().equals("action"))
                .map(e -> e.getKey() + "=" + encode(text(e.getValue())))
                .collect(Collectors.joining("&"));
        return base + FORM + "?" + query;
    }

    /** {@code spendline action prepare-budget --name … --limit-usd … --scope … [--scope-value …] --period …}. */
    static String command(WriteIntent.Budget budget) {
        List<String> words = new ArrayList<>(List.of("spendline", "action", "prepare-budget"));
        words.addAll(List.of("--name", shell(budget.name())));
        words.addAll(List.of("--limit-usd", text(budget.limitUsd())));
        words.addAll(List.of("--scope", budget.scope()));
        if (budget.scopeValue() != null) {
            words.addAll(List.of("--scope-value", shell(budget.scopeValue())));
        }
        words.addAll(List.of("--period", budget.period()));
        return String.join(" ", words);
    }

    private static String text(Object value) {
        return value instanceof BigDecimal d ? d.toPlainString() : String.valueOf(value);
    }

    /** A word as a POSIX shell reads it back unchanged: quoted unless it is plainly safe. */
    static String shell(String word) {
        return word.matches("[A-Za-z0-9@%+=:,./_-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
