package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.FORECAST;
import static dev.spendline.ask.QuestionWords.READS_ONLY;
import static dev.spendline.ask.QuestionWords.UNSUPPORTED;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The reading stage that refuses what no read tool answers: requests not about the workspace's
 * data, write requests other than the changes Ask prepares a form for, forecasts (but a budget's),
 * and "why". Read from the question without the workspace's exact names, so a team called
 * {@code growth} is not a word of the question.
 */
final class NotForAsk {

    private NotForAsk() {}

    /**
     * @param withoutNames the normalised question without the workspace's exact names
     * @param budgetWords whether it speaks of budgets (whose run-rate forecast Ask reports)
     * @return why Ask does not answer it, or null when it may
     */
    static String reason(String withoutNames, boolean budgetWords) {
        if (AskPhrases.OFF_TOPIC.matcher(withoutNames).find()) {
            return "that is not a question about this workspace's AI usage data; Ask answers questions"
                    + " about spend, tokens, calls, margin, waste, savings, budgets and alerts, and does not write,"
                    + " chat or answer general questions";
        }
        for (Map.Entry<Pattern, String> unsupported : UNSUPPORTED) {
            // "don't set a budget, just show…" and "which budgets did we set" ask for no change.
            boolean change = unsupported.getValue().startsWith(READS_ONLY);
            if (change && WriteIntents.asksAbout(withoutNames)) {
                continue;
            }
            if (WriteIntents.affirmed(unsupported.getKey(), withoutNames)) {
                return unsupported.getValue();
            }
        }
        if (!budgetWords && FORECAST.matcher(withoutNames).find()) {
            return "Ask reports what happened; forecasts are only given for budgets (their run-rate"
                    + " forecast in budget status)";
        }
        return null;
    }
}
