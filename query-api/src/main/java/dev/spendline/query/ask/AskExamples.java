package dev.spendline.query.ask;

import java.util.List;

/** Questions Ask answers, one per read tool and a few shapes, offered when it cannot answer one. */
final class AskExamples {

    static final List<String> QUESTIONS = List.of(
            "What did we spend by feature this month?",
            "Top 5 customers by spend last week",
            "How many tokens did each model use in the last 7 days?",
            "Spend by model for customer acme since October",
            "Which employees spent the most on coding agents last month?",
            "What is our margin by customer this quarter?",
            "Where are we wasting money by feature?",
            "How can we save money?",
            "Are we over budget?",
            "Show active alerts");

    private AskExamples() {}
}
