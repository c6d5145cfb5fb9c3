package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_LIMIT;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.waste.TopWasteQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code top_waste} call: wasted spend by kind (or one kind), for a period and the filters named.
 */
final class WasteCall implements CallBuilder {

    @Override
    public Interpretation build(Reading r, Metric metric) {
        List<String> problems = new ArrayList<>();
        UsageKind usage = r.dimensions.usage(problems);
        if (usage != UsageKind.PRODUCT) {
            return r.unanswered("waste is found in product events (failed calls, retries, duplicate steps, runaway"
                    + " runs, cache misses, model overkill); internal usage has none");
        }
        Dimension by = r.dimensions.grouping(usage);
        Map<Dimension, String> filters = new LinkedHashMap<>();
        String refused = r.dimensions.filters(usage, by, filters);
        if (refused != null) {
            return r.unanswered(refused);
        }
        if (filters.size() > 1) {
            return r.unanswered("waste is rolled up by kind and one dimension: it can single out one name, not "
                    + filters.entrySet().stream()
                            .map(e -> Words.named(e.getKey(), e.getValue()))
                            .collect(Collectors.joining(" and ")));
        }
        if (filters.size() == 1) {
            Dimension d = filters.keySet().iterator().next();
            if (!TopWasteQuery.BY.contains(d)) {
                return r.unanswered("waste is broken down by feature, model, provider, customer, agent or workflow;"
                        + " it cannot single out " + Words.named(d, filters.get(d)));
            }
            if (by != null && by != d) {
                return r.unanswered("waste is rolled up by kind and one dimension: a report by " + Words.noun(by)
                        + " cannot single out " + Words.named(d, filters.get(d)) + "; ask for waste of "
                        + Words.value(filters.get(d)) + " alone");
            }
            by = d;
        }
        if (by != null && !TopWasteQuery.BY.contains(by)) {
            return r.unanswered("waste is broken down by feature, model, provider, customer, agent or workflow, not"
                    + " by " + Words.noun(by));
        }
        int n = r.limit == null ? DEFAULT_LIMIT : r.limit;
        TimeRange period = r.periodOrDays();
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("from", period.fromArgument());
        arguments.put("to", period.toArgument());
        if (by != null) {
            arguments.put("by", by.wireName());
        }
        arguments.put("limit", Math.min(n, TopWasteQuery.MAX_LIMIT));
        if (r.options.wasteKind() != null) {
            arguments.put("kind", r.options.wasteKind());
        }
        r.putFilters(arguments, filters);
        String reading =
                (r.options.wasteKind() != null ? Words.constant(r.options.wasteKind()) + " waste" : "waste by kind")
                        + (by != null ? " by " + Words.noun(by) : "") + r.forWords(filters) + ", "
                        + Words.period(period)
                        + ", top " + n;
        return r.answered(Metric.WASTE, new ToolCall(ReadTool.TOP_WASTE, arguments), period, reading, null, false, n);
    }
}
