package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_LIMIT;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The margin calls, {@code margin_by_customer} or {@code margin_by_feature} by the grouping asked for:
 * revenue against AI cost per customer or feature over whole months.
 */
final class MarginCall implements CallBuilder {

    @Override
    public Interpretation build(Reading r, Metric metric) {
        List<String> problems = new ArrayList<>();
        UsageKind usage = r.dimensions.usage(problems);
        if (usage != UsageKind.PRODUCT) {
            return r.unanswered("margin is revenue minus AI cost per customer or feature of product usage; internal"
                    + " usage has no revenue");
        }
        Dimension by = r.dimensions.grouping(usage);
        Map<Dimension, String> filters = new LinkedHashMap<>();
        String refused = r.dimensions.filters(usage, by, filters);
        if (refused != null) {
            return r.unanswered(refused);
        }
        for (Dimension d : filters.keySet()) {
            if (d != Dimension.TENANT && d != Dimension.FEATURE) {
                return r.unanswered("margin is by customer or by feature; " + Words.named(d, filters.get(d))
                        + " is neither a customer nor a feature");
            }
        }
        if (by != null && by != Dimension.TENANT && by != Dimension.FEATURE) {
            return r.unanswered("margin is by customer or by feature, not by " + Words.noun(by));
        }
        if (by == null) {
            by = filters.containsKey(Dimension.FEATURE) ? Dimension.FEATURE : Dimension.TENANT;
            if (filters.isEmpty()) {
                r.notes.add("Margin without a grouping: read as margin by customer");
            }
        }
        boolean highest =
                r.words.stream().anyMatch(HIGHEST::contains) && r.words.stream().noneMatch(LOWEST::contains);
        int n = r.limit == null ? (highest ? DEFAULT_LIMIT : MarginQuery.DEFAULT_LIMIT) : r.limit;
        // Rows come lowest margin first: for the highest, every row is fetched.
        int toolLimit = highest ? MarginQuery.MAX_LIMIT : Math.min(n, MarginQuery.MAX_LIMIT);
        YearMonth first;
        YearMonth last;
        if (r.range == null) {
            first = YearMonth.from(r.today);
            last = first;
            r.notes.add("No period named: this month (margins are per calendar month)");
        } else {
            first = r.range.firstMonth();
            last = r.range.lastMonth();
            if (!r.range.wholeMonths()) {
                r.notes.add("Margins are per whole calendar month: " + Words.period(r.range) + " read as "
                        + Words.months(first, last));
            }
        }
        ReadTool tool = by == Dimension.TENANT ? ReadTool.MARGIN_BY_CUSTOMER : ReadTool.MARGIN_BY_FEATURE;
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("from", first.toString());
        arguments.put("to", last.toString());
        arguments.put("limit", toolLimit);
        r.putFilters(arguments, filters);
        String reading = "margin by " + Words.noun(by) + r.forWords(filters) + ", " + Words.months(first, last) + ", "
                + (highest ? "highest margin first, top " + n : "lowest margin first, up to " + n);
        return r.answered(
                Metric.MARGIN, new ToolCall(tool, arguments), TimeRange.months(first, last), reading, null, highest, n);
    }
}
