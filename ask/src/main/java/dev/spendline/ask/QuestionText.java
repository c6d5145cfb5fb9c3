package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.EVERYDAY_PHRASES;
import static dev.spendline.ask.QuestionWords.normalise;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The first reading stage: the question lower-cased and without punctuation
 * ({@link QuestionWords#normalise}), Ask's own words with typos corrected, everyday phrases put in
 * Ask's words ({@link QuestionWords#EVERYDAY_PHRASES}: "making money" is margin), and a budget's name taken off the end ("the budget named
 * q4 pilot").
 *
 * @param text what the later stages read
 * @param budgetWords whether it speaks of budgets or caps
 * @param budgetName the name of a budget it names, or null
 * @param notes the typos corrected
 */
record QuestionText(String text, boolean budgetWords, String budgetName, List<String> notes) {

    QuestionText {
        notes = List.copyOf(notes);
    }

    /** The text of {@code question}; null when nothing is left of it. */
    static QuestionText read(String question, VocabularyCorrection correction) {
        String text = normalise(question);
        if (text.isBlank()) {
            return null;
        }
        VocabularyCorrection.Corrected corrected = correction.correct(text);
        text = corrected.text();
        for (Map.Entry<Pattern, String> phrase : EVERYDAY_PHRASES) {
            text = phrase.getKey().matcher(text).replaceAll(phrase.getValue());
        }
        boolean budgetWords = text.matches(".*\\b(budget|budgets|cap|caps)\\b.*");
        // "the budget named q4 pilot": the name is the rest of the question, not a period or names.
        String budgetName = budgetWords ? AskPhrases.budgetName(text) : null;
        if (budgetName != null) {
            text = text.substring(0, text.lastIndexOf(budgetName)).replaceAll("\\b(?:named|called|titled) $", "");
        }
        return new QuestionText(text, budgetWords, budgetName, corrected.notes());
    }
}
