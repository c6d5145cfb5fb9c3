package dev.spendline.query.dashboard.compare;

import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.DashboardView;
import dev.spendline.query.dashboard.Formats;
import dev.spendline.query.dashboard.ViewParameters;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The comparison, {@code GET /app/compare}: the {@code compare} read tool with exactly its
 * parameters (docs/api.md), spend or a margin report over two periods, value by value, with the
 * values that grew and fell most. {@code format=csv} answers the rows.
 */
@Controller
@DashboardView
final class CompareController {

    private final Queries queries;
    private final Clock clock;

    CompareController(Queries queries, Clock clock) {
        this.queries = queries;
        this.clock = clock;
    }

    @GetMapping("/app/compare")
    Object compare(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> parameters,
            HttpServletRequest request,
            Model model) {
        boolean csv = ViewParameters.csv(parameters);
        CompareQuery query = (CompareQuery)
                ReadTool.COMPARE.read(principal.workspaceId(), ViewParameters.toolArguments(parameters), clock);
        CompareReport report = queries.answer(QueryType.COMPARE, query);
        if (csv) {
            return csv(report);
        }
        model.addAttribute("report", report);
        model.addAttribute("form", CompareForm.of(parameters, query));
        model.addAttribute("csvUrl", ViewParameters.with(request, "format", "csv"));
        return "dashboard/compare";
    }

    private static Object csv(CompareReport report) {
        String value = report.by() == null ? "value" : report.by();
        List<String> header =
                List.of(value, "current_" + report.compared(), "base_" + report.compared(), "change", "change_percent");
        List<List<?>> rows = new ArrayList<>();
        for (CompareRow row : report.rows()) {
            rows.add(cells(row.value(), row));
        }
        if (report.by() == null) {
            // A comparison of totals only has no rows: its one line is the totals.
            rows.add(cells("total", report.totals()));
        }
        return CsvExport.of(
                "compare-" + report.report() + (report.by() == null ? "" : "-by-" + report.by()), header, rows);
    }

    private static List<?> cells(String value, CompareRow row) {
        return Arrays.asList(value, row.current(), row.base(), row.change(), row.changePercent());
    }

    /** What the form offers and holds: the parameters as given, the choices of the usage. */
    record CompareForm(
            MultiValueMap<String, String> given,
            Map<String, String> periods,
            String subject,
            List<String> subjects,
            List<String> groupings,
            List<String> filters,
            List<String> metrics) {

        static CompareForm of(MultiValueMap<String, String> given, CompareQuery query) {
            UsageKind usage = query.currentSpend() == null
                    ? UsageKind.PRODUCT
                    : query.currentSpend().usage();
            return new CompareForm(
                    given,
                    periods(query),
                    query.subject().wireName(),
                    Arrays.stream(CompareSubject.values())
                            .map(CompareSubject::wireName)
                            .toList(),
                    Dimension.wireNames(usage),
                    Dimension.wireNames(usage),
                    SpendMetric.wireNames());
        }

        public String value(String name) {
            String value = given.getFirst(name);
            return value == null ? "" : value;
        }

        /**
         * A period field ({@code from}, {@code to}, {@code baseFrom}, {@code baseTo}): as given, else
         * the edge the comparison used, so the fields show the real default periods as values.
         */
        public String period(String name) {
            String value = value(name);
            return value.isEmpty() ? periods.getOrDefault(name, "") : value;
        }

        /** The four edges of the query as the form writes them: dates (to included) or months. */
        private static Map<String, String> periods(CompareQuery query) {
            Map<String, String> periods = new LinkedHashMap<>();
            if (query.currentSpend() != null) {
                periods.put("from", Formats.edge(query.currentSpend().from(), false));
                periods.put("to", Formats.edge(query.currentSpend().to(), true));
                periods.put("baseFrom", Formats.edge(query.baseSpend().from(), false));
                periods.put("baseTo", Formats.edge(query.baseSpend().to(), true));
            } else if (query.currentMargin() != null) {
                periods.put("from", query.currentMargin().from().toString());
                periods.put("to", query.currentMargin().to().toString());
                periods.put("baseFrom", query.baseMargin().from().toString());
                periods.put("baseTo", query.baseMargin().to().toString());
            }
            return periods;
        }

        public boolean spend() {
            return CompareSubject.SPEND.wireName().equals(subject);
        }

        public boolean filtered() {
            return filters.stream().anyMatch(f -> !value(f).isEmpty());
        }
    }
}
