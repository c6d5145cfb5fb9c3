package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_LIMIT;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.tools.ReadTool;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code savings_recommendations} call: what could be saved, optionally of one kind, narrowed to
 * the names given.
 */
final class SavingsCall implements CallBuilder {

    @Override
    public Interpretation build(Reading r, Metric metric) {
        if (r.dimensions.internalName() != null) {
            return r.unanswered(r.dimensions.internalName() + "; savings recommendations are about product usage");
        }
        Map<Dimension, String> filters = new LinkedHashMap<>();
        String refused = r.dimensions.filters(UsageKind.PRODUCT, null, filters);
        if (refused != null) {
            return r.unanswered(refused);
        }
        for (Dimension d : filters.keySet()) {
            if (!SAVINGS_FILTERS.contains(d)) {
                return r.unanswered("savings recommendations are about features, customers, workflows and models;"
                        + " they cannot single out " + Words.named(d, filters.get(d)));
            }
        }
        int n = Math.min(r.limit == null ? DEFAULT_LIMIT : r.limit, SavingsQuery.MAX_LIMIT);
        TimeRange period = r.periodOrDays();
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("from", period.fromArgument());
        arguments.put("to", period.toArgument());
        arguments.put("limit", n);
        if (r.options.savingsKind() != null) {
            arguments.put("kind", r.options.savingsKind());
        }
        for (Dimension d : SAVINGS_FILTERS) {
            if (filters.containsKey(d)) {
                arguments.put(d.wireName(), filters.get(d));
            }
        }
        String reading = (r.options.savingsKind() != null
                        ? Words.constant(r.options.savingsKind()) + " recommendations"
                        : "savings recommendations")
                + r.forWords(filters) + " judged from " + Words.period(period) + ", top " + n;
        return r.answered(
                Metric.SAVINGS,
                new ToolCall(ReadTool.SAVINGS_RECOMMENDATIONS, arguments),
                period,
                reading,
                null,
                false,
                n);
    }
}
