package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.normalise;

import java.util.List;

/**
 * The first reading stage: the question lower-cased and without punctuation
 * ({@link QuestionWords#normalise}), Ask's own words with typos corrected, everyday phrases put in
 * Ask's words ("making money" is margin), and a budget's name taken off the end ("the budget named
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
        // Phrases whose nouns are not groupings: "sources of waste" is waste, "model overkill" a kind of it.
        text = text.replaceAll("\\bsources? of (waste|spend|spending|cost|costs)\\b", "$1")
                .replaceAll("\\bmodel overkill\\b", "overkill")
                // Everyday words for margin and for savings.
                .replaceAll("\\b(?:making|make|made|earning|earn) money\\b", "margin")
                .replaceAll("\\b(?:spend|pay|paying|spending) less\\b", "save")
                .replaceAll("\\bcheaper models?\\b", "cheaper model savings");
        boolean budgetWords = text.matches(".*\\b(budget|budgets|cap|caps)\\b.*");
        // "the budget named q4 pilot": the name is the rest of the question, not a period or names.
        String budgetName = budgetWords ? AskPhrases.budgetName(text) : null;
        if (budgetName != null) {
            text = text.substring(0, text.lastIndexOf(budgetName)).replaceAll("\\b(?:named|called|titled) $", "");
        }
        return new QuestionText(text, budgetWords, budgetName, corrected.notes());
    }
}
