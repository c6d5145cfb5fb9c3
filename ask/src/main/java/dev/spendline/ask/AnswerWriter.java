package dev.spendline.ask;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * Writes a tool's answer as one paragraph with the key figures, in the terms of the question:
 * totals first, then the rows it asked for with their share, money as {@code $1,234.56}. Only
 * figures from the answer record appear; nothing is estimated here. One writer per read tool
 * ({@link SpendAnswer}, {@link CompareAnswer}, {@link MarginAnswer}, {@link WasteAnswer},
 * {@link SavingsAnswer}, {@link BudgetAnswer}, {@link AlertAnswer}), picked by the reading's tool;
 * this class holds what they share (the narrowing in the title, shares, labels).
 */
final class AnswerWriter {

    private AnswerWriter() {}

    /** Writes one read tool's answer (the tool's answer record) in words. */
    @FunctionalInterface
    private interface ToolWriter {
        String write(Interpretation reading, Record data);
    }

    /** One writer per read tool; {@link #write} checks the answer is the tool's before the cast. */
    private static final Map<ReadTool, ToolWriter> WRITERS = writers();

    private static Map<ReadTool, ToolWriter> writers() {
        Map<ReadTool, ToolWriter> writers = new EnumMap<>(ReadTool.class);
        writers.put(ReadTool.SPEND_BY, (reading, data) -> SpendAnswer.write(reading, (SpendReport) data));
        writers.put(ReadTool.COMPARE, (reading, data) -> CompareAnswer.write(reading, (CompareReport) data));
        writers.put(
                ReadTool.MARGIN_BY_CUSTOMER,
                (reading, data) -> MarginAnswer.customerMargin(reading, (CustomerMarginReport) data));
        writers.put(
                ReadTool.MARGIN_BY_FEATURE,
                (reading, data) -> MarginAnswer.featureMargin(reading, (FeatureMarginReport) data));
        writers.put(ReadTool.TOP_WASTE, (reading, data) -> WasteAnswer.write(reading, (TopWasteReport) data));
        writers.put(
                ReadTool.SAVINGS_RECOMMENDATIONS,
                (reading, data) -> SavingsAnswer.write(reading, (SavingsReport) data));
        writers.put(ReadTool.BUDGET_STATUS, (reading, data) -> BudgetAnswer.write(reading, (BudgetStatusReport) data));
        writers.put(ReadTool.ACTIVE_ALERTS, (reading, data) -> AlertAnswer.write(reading, (ActiveAlertsReport) data));
        if (!writers.keySet().containsAll(EnumSet.allOf(ReadTool.class))) {
            throw new IllegalStateException("a read tool without words for its answer");
        }
        return Map.copyOf(writers);
    }

    /** The answer in words of the reading's tool call, whose answer {@code data} is. */
    static String write(Interpretation reading, Record data) {
        ReadTool tool = reading.call().tool();
        if (!tool.answer().isInstance(data)) {
            throw new IllegalArgumentException(
                    "no words for " + data.getClass().getSimpleName() + " as the answer of " + tool.toolName());
        }
        return WRITERS.get(tool).write(reading, data);
    }

    // ---- what the writers share

    /** A metric's value in words: money, a count, a percentage or milliseconds; "n/a" when undefined. */
    static String figure(SpendMetric metric, BigDecimal value) {
        if (value == null) {
            return "n/a";
        }
        return switch (metric) {
            case COST -> Words.money(value);
            case COST_PER_CALL, COST_PER_1K_TOKENS -> Words.unitMoney(value);
            case ERROR_RATE -> Words.percent(value.movePointRight(2));
            case LATENCY -> value.setScale(0, java.math.RoundingMode.HALF_UP).toPlainString() + " ms";
            default -> Words.count(value.longValue()) + " " + metric.wireName().replace('_', ' ');
        };
    }

    /**
     * What a call was narrowed to, for the answer's title: " for customer 'acme' (cache miss)".
     * The answer must say it, or a filtered figure reads as the whole workspace's.
     */
    static String narrowing(Interpretation reading) {
        Map<String, Object> args = reading.call().arguments();
        List<String> named = new ArrayList<>();
        for (String name : Lexicon.FILTER_NAMES) {
            if (args.containsKey(name)) {
                named.add(Words.named(Dimension.of(UsageKind.PRODUCT, name), String.valueOf(args.get(name))));
            }
        }
        if (args.containsKey("scope")) {
            String scope = String.valueOf(args.get("scope"));
            Dimension d = scope.equals("WORKSPACE")
                    ? null
                    : dev.spendline.contracts.budget.BudgetScope.valueOf(scope).dimension();
            named.add(
                    args.containsKey("value")
                            ? Words.named(d, String.valueOf(args.get("value")))
                            : d == null ? "the workspace as a whole" : "every " + Words.noun(d));
        }
        List<String> kinds = new ArrayList<>();
        for (String name : List.of("kind", "state", "type", "severity")) {
            if (args.containsKey(name)) {
                kinds.add(Words.constant(String.valueOf(args.get(name))));
            }
        }
        if (args.containsKey("name")) {
            kinds.add("named like '" + args.get("name") + "'");
        }
        return (named.isEmpty() ? "" : " for " + String.join(" and ", named))
                + (kinds.isEmpty() ? "" : " (" + String.join(", ", kinds) + ")");
    }

    /** A kind of waste in words, plural: "failed calls", "cache misses". */
    static String kind(WasteKind kind) {
        return switch (kind) {
            case FAILED_CALL -> "failed calls";
            case RETRY -> "retries";
            case DUPLICATE_STEP -> "duplicate steps";
            case RUNAWAY_RUN -> "runaway runs";
            case CACHE_MISS -> "cache misses";
            case MODEL_OVERKILL -> "model overkill";
        };
    }

    static String label(String value) {
        return value == null ? "(not attributed)" : value;
    }

    static String shareOf(BigDecimal part, BigDecimal whole) {
        BigDecimal share = Words.share(part, whole);
        return share == null ? "" : " (" + Words.percent(share) + ")";
    }

    static String shareOf(long part, long whole) {
        BigDecimal share = Words.share(part, whole);
        return share == null ? "" : " (" + Words.percent(share) + ")";
    }

    static String capital(String words) {
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }
}
