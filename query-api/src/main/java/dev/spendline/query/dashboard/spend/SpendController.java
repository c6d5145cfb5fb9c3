package dev.spendline.query.dashboard.spend;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.DashboardView;
import dev.spendline.query.dashboard.ViewParameters;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The spend explorer, {@code GET /app/spend}: the {@code spend_by} read tool with exactly its
 * parameters (docs/api.md), so every Ask link to spend opens the same figures. Product and internal
 * usage are the same view ({@code usage=internal&by=employee}). Without {@code by} (the nav link) it
 * shows spend by feature, or by employee for internal usage. {@code format=csv} answers the table,
 * {@code fragment=results} the part that refreshes live: one read either way. Excluded values
 * ({@code exclude=feature:search}, repeatable) are listed with a link that puts each back, and kept
 * by the form, the live and CSV links and the CSV file name.
 */
@Controller
@DashboardView
final class SpendController {

    static final String PATH = "/app/spend";
    static final String RESULTS = "results";

    private final Queries queries;
    private final Clock clock;

    SpendController(Queries queries, Clock clock) {
        this.queries = queries;
        this.clock = clock;
    }

    @GetMapping(PATH)
    Object spend(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> parameters,
            HttpServletRequest request,
            Model model) {
        boolean csv = ViewParameters.csv(parameters);
        String fragment = ViewParameters.fragment(parameters, Set.of(RESULTS));
        MultiValueMap<String, String> given = withDefaultGrouping(parameters);
        SpendQuery query = (SpendQuery)
                ReadTool.SPEND_BY.read(principal.workspaceId(), ViewParameters.toolArguments(given), clock);
        SpendTable table = SpendTable.of(queries.answer(QueryType.SPEND_BY, query));
        Exclusions exclusions = Exclusions.of(PATH, table.report().excluded(), request.getParameterMap());
        if (csv) {
            return csv(table, exclusions);
        }
        model.addAttribute("table", table);
        model.addAttribute("pivot", SpendPivot.of(table.report()));
        model.addAttribute("exclusions", exclusions);
        model.addAttribute("liveUrl", ViewParameters.with(request, ViewParameters.FRAGMENT, RESULTS));
        model.addAttribute("csvUrl", ViewParameters.with(request, "format", "csv"));
        if (fragment != null) {
            return "dashboard/spend :: " + RESULTS;
        }
        model.addAttribute("form", SpendForm.of(given, query.usage()));
        return "dashboard/spend";
    }

    /** The nav's bare {@code /app/spend}: by feature (by employee for internal usage). */
    private static MultiValueMap<String, String> withDefaultGrouping(MultiValueMap<String, String> parameters) {
        String by = parameters.getFirst("by");
        if (by != null && !by.isEmpty()) {
            return parameters;
        }
        MultiValueMap<String, String> withBy = new LinkedMultiValueMap<>(parameters);
        boolean internal = UsageKind.INTERNAL.wireName().equalsIgnoreCase(parameters.getFirst("usage"));
        withBy.set("by", internal ? Dimension.EMPLOYEE.wireName() : Dimension.FEATURE.wireName());
        return withBy;
    }

    private static Object csv(SpendTable table, Exclusions exclusions) {
        SpendReport report = table.report();
        if (report.per() != null) {
            return perPeriodCsv(report, table.showsMetric(), exclusions);
        }
        List<String> header = new ArrayList<>(
                List.of(report.by(), "cost_usd", "calls", "input_tokens", "output_tokens", "share_of_cost_percent"));
        if (table.showsMetric()) {
            header.add(report.metric());
        }
        header.addAll(COST_PARTS);
        List<List<?>> rows = new ArrayList<>();
        for (SpendTable.Line line : table.lines()) {
            rows.add(cells(table, line.value(), line));
        }
        if (table.others() != null) {
            rows.add(cells(table, "(other values)", table.others()));
        }
        return CsvExport.of("spend-by-" + report.by() + exclusions.fileNamePart(), header, rows);
    }

    /**
     * A report with two groupings in long form, the shape spreadsheets pivot: one line per value and
     * period (every period, 0 where the value had no spend), then each period's other values where
     * there are any, so the lines of a period add up to its total.
     */
    private static Object perPeriodCsv(SpendReport report, boolean showsMetric, Exclusions exclusions) {
        List<String> header = new ArrayList<>(
                List.of(report.by(), "period_start", "cost_usd", "calls", "input_tokens", "output_tokens"));
        if (showsMetric) {
            header.add(report.metric());
        }
        header.addAll(COST_PARTS);
        List<List<?>> rows = new ArrayList<>();
        for (SpendRow row : report.rows()) {
            rows.add(longFormCells(row.value(), row, showsMetric));
        }
        for (SpendRow row : report.periodOthers()) {
            if (row.measures().calls() > 0 || row.measures().costUsd().signum() != 0) {
                rows.add(longFormCells("(other values)", row, showsMetric));
            }
        }
        return CsvExport.of(
                "spend-by-" + report.by() + "-per-" + report.per() + exclusions.fileNamePart(), header, rows);
    }

    private static List<?> longFormCells(String value, SpendRow row, boolean showsMetric) {
        List<Object> cells = new ArrayList<>(Arrays.asList(
                value,
                periodStart(row.period()),
                row.measures().costUsd(),
                row.measures().calls(),
                row.measures().inputTokens(),
                row.measures().outputTokens()));
        if (showsMetric) {
            cells.add(row.metricValue());
        }
        addCostParts(cells, row.measures());
        return cells;
    }

    /** A period's first instant or day: a month ({@code 2026-11}) as its first day, others as named. */
    static String periodStart(String period) {
        return period != null && period.length() == 7 ? period + "-01" : period;
    }

    private static List<?> cells(SpendTable table, String value, SpendTable.Line line) {
        List<Object> cells = new ArrayList<>(Arrays.asList(
                value,
                line.measures().costUsd(),
                line.measures().calls(),
                line.measures().inputTokens(),
                line.measures().outputTokens(),
                line.sharePercent()));
        if (table.showsMetric()) {
            cells.add(line.metricValue());
        }
        addCostParts(cells, line.measures());
        return cells;
    }

    /**
     * The cost apart, last so that the columns before them stay where they were: what senders
     * reported, what Spendline estimated from the price book for calls sent without a cost, and the
     * calls it could not price (models without a price, counted 0). cost_usd is the first two together.
     */
    private static final List<String> COST_PARTS = List.of("reported_cost_usd", "estimated_cost_usd", "unpriced_calls");

    private static void addCostParts(List<Object> cells, Measures m) {
        cells.add(m.reportedCostUsd());
        cells.add(m.estimatedCostUsd());
        cells.add(m.unpricedCalls());
    }

    /** What the filter form offers and holds: the parameters as given, and the choices of the usage. */
    record SpendForm(
            MultiValueMap<String, String> given,
            String usage,
            List<String> groupings,
            List<String> filters,
            List<String> metrics) {

        /** The second grouping's choices: a period beside a dimension (none: one grouping). */
        public List<String> periods() {
            return Arrays.stream(TimeGrain.values()).map(TimeGrain::wireName).toList();
        }

        static SpendForm of(MultiValueMap<String, String> given, UsageKind usage) {
            List<String> groupings = new ArrayList<>(Dimension.wireNames(usage));
            Arrays.stream(TimeGrain.values()).map(TimeGrain::wireName).forEach(groupings::add);
            return new SpendForm(
                    given, usage.wireName(), groupings, Dimension.wireNames(usage), SpendMetric.wireNames());
        }

        /** The value of a field as given, for the form to show it again; empty when not given. */
        public String value(String name) {
            String value = given.getFirst(name);
            return value == null ? "" : value;
        }

        /** Whether any filter is set, so the filter fields start open. */
        public boolean filtered() {
            return filters.stream().anyMatch(f -> !value(f).isEmpty());
        }
    }
}
