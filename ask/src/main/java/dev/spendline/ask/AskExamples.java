package dev.spendline.ask;

import java.util.List;

/** Questions Ask answers, one per read tool and a few shapes, offered when it cannot answer one. */
public final class AskExamples {

    public static final List<String> QUESTIONS = List.of(
            "What did we spend by feature this month?",
            "Top 5 customers by spend last week",
            "How many tokens did each model use in the last 7 days?",
            "Spend by model for customer acme since October",
            "Which employees spent the most on coding agents last month?",
            "spend by feature this month vs last month",
            "daily spend this month",
            "error rate by model this week vs last week",
            "What is our margin by customer this quarter?",
            "Where are we wasting money by feature?",
            "How can we save money?",
            "Are we over budget?",
            "Show active alerts");

    /** How many examples a refusal offers. */
    static final int OFFERED = 5;

    private AskExamples() {}

    /**
     * The examples nearest to a question Ask could not answer: those sharing the most words with
     * it (ties in the list's order), so a question about waste is offered the waste example first.
     */
    public static List<String> nearest(String question) {
        java.util.Set<String> words = words(question);
        return QUESTIONS.stream()
                .sorted(java.util.Comparator.comparingInt((String e) -> {
                            java.util.Set<String> shared = words(e);
                            shared.retainAll(words);
                            return -shared.size();
                        })
                        .thenComparingInt(QUESTIONS::indexOf))
                .limit(OFFERED)
                .toList();
    }

    private static java.util.Set<String> words(String text) {
        java.util.Set<String> words =
                new java.util.HashSet<>(List.of(QuestionWords.normalise(text).split(" ")));
        words.removeAll(List.of("what", "did", "we", "the", "by", "is", "our", "how", "are", "a", "of", "to", "in"));
        return words;
    }
}
