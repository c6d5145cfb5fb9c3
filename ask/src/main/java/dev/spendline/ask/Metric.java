package dev.spendline.ask;

import dev.spendline.contracts.tools.ReadTool;
import java.util.Set;

/**
 * What a question measures, and the words that name it. When several are named the first in
 * declaration order wins ("alerts about budgets" are alerts; "margin after AI cost" is margin),
 * except that tokens and calls give way to a money word ("what did the tokens cost").
 */
enum Metric {
    ALERTS(
            ReadTool.ACTIVE_ALERTS,
            "alerts",
            Set.of(
                    "alert",
                    "alerts",
                    "alarm",
                    "alarms",
                    "anomaly",
                    "anomalies",
                    "fire",
                    "fires",
                    "incident",
                    "incidents",
                    "guardrail",
                    "guardrails")),
    BUDGETS(ReadTool.BUDGET_STATUS, "budgets", Set.of("budget", "budgets", "cap", "caps", "overspending")),
    SAVINGS(
            ReadTool.SAVINGS_RECOMMENDATIONS,
            "savings recommendations",
            Set.of(
                    "recommendation",
                    "recommendations",
                    "recommend",
                    "savings",
                    "save",
                    "saving",
                    "optimize",
                    "optimise",
                    "optimization",
                    "optimisation",
                    "reduce",
                    "cut")),
    WASTE(
            ReadTool.TOP_WASTE,
            "waste",
            Set.of(
                    "waste",
                    "wasted",
                    "wasting",
                    "wasteful",
                    "retries",
                    "overkill",
                    "runaway",
                    "duplicate",
                    "duplicates")),
    MARGIN(
            null,
            "margin",
            Set.of(
                    "margin",
                    "margins",
                    "profit",
                    "profits",
                    "profitable",
                    "unprofitable",
                    "profitability",
                    "revenue",
                    "losing",
                    "loss",
                    "losses")),
    TOKENS(ReadTool.SPEND_BY, "tokens", Set.of("token", "tokens")),
    CALLS(
            ReadTool.SPEND_BY,
            "calls",
            Set.of("call", "calls", "request", "requests", "invocations", "queries", "completions")),
    SPEND(
            ReadTool.SPEND_BY,
            "AI spend",
            Set.of(
                    "spend",
                    "spent",
                    "spending",
                    "cost",
                    "costs",
                    "costing",
                    "costly",
                    "costliest",
                    "expensive",
                    "pricey",
                    "bill",
                    "billed",
                    "money",
                    "dollars",
                    "usd",
                    "$"));

    /** The tool; null for margin, whose tool depends on the grouping (customer or feature). */
    final ReadTool tool;

    final String words;
    final Set<String> keywords;

    Metric(ReadTool tool, String words, Set<String> keywords) {
        this.tool = tool;
        this.words = words;
        this.keywords = keywords;
    }

    /** Whether a report of this metric is a {@code spend_by} call. */
    boolean isSpendBy() {
        return tool == ReadTool.SPEND_BY;
    }
}
