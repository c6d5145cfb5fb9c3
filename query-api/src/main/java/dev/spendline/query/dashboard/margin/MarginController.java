package dev.spendline.query.dashboard.margin;

import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.ReadToolPages;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Contribution margin per customer ({@code margin_by_customer}) and per feature ({@code
 * margin_by_feature}): the views Ask's margin answers link to, with the tools' parameters ({@code
 * from}, {@code to} as months, {@code limit}, {@code tenant}, {@code feature}).
 */
@Controller
final class MarginController {

    static final String CUSTOMERS = "/app/margin/customers";
    static final String FEATURES = "/app/margin/features";
    private static final String CSV = CsvExport.PARAMETER + "=" + CsvExport.VALUE;

    private final ReadToolPages pages;

    MarginController(ReadToolPages pages) {
        this.pages = pages;
    }

    @GetMapping(CUSTOMERS)
    String customers(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        model.addAttribute(
                "report", pages.answer(ReadTool.MARGIN_BY_CUSTOMER, CustomerMarginReport.class, principal, params));
        return view(model, CUSTOMERS, params, "dashboard/margin-customers");
    }

    @GetMapping(path = CUSTOMERS, params = CSV)
    ResponseEntity<String> customersCsv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        CustomerMarginReport report =
                pages.answer(ReadTool.MARGIN_BY_CUSTOMER, CustomerMarginReport.class, principal, params);
        return CsvExport.of(
                "margin-by-customer-" + report.from() + "-" + report.to(),
                // estimated_cost_usd last: the columns before it keep their places for existing sheets.
                List.of(
                        "tenant",
                        "revenue_usd",
                        "ai_cost_usd",
                        "margin_usd",
                        "margin_percent",
                        "calls",
                        "flags",
                        "estimated_cost_usd"),
                report.rows().stream().map(MarginController::row).toList());
    }

    @GetMapping(FEATURES)
    String features(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        model.addAttribute(
                "report", pages.answer(ReadTool.MARGIN_BY_FEATURE, FeatureMarginReport.class, principal, params));
        return view(model, FEATURES, params, "dashboard/margin-features");
    }

    @GetMapping(path = FEATURES, params = CSV)
    ResponseEntity<String> featuresCsv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        FeatureMarginReport report =
                pages.answer(ReadTool.MARGIN_BY_FEATURE, FeatureMarginReport.class, principal, params);
        return CsvExport.of(
                "margin-by-feature-" + report.from() + "-" + report.to(),
                List.of(
                        "feature",
                        "allocated_revenue_usd",
                        "ai_cost_usd",
                        "margin_usd",
                        "margin_percent",
                        "calls",
                        "estimated_cost_usd"),
                report.rows().stream().map(MarginController::row).toList());
    }

    private static String view(Model model, String path, MultiValueMap<String, String> params, String template) {
        model.addAttribute("filters", ReadToolPages.filters(params));
        model.addAttribute("csvUrl", ReadToolPages.csvLink(path, params));
        return template;
    }

    private static List<?> row(CustomerMargin m) {
        return Arrays.asList(
                m.tenantId(),
                m.revenueUsd(),
                m.costUsd(),
                m.marginUsd(),
                m.marginPercent(),
                m.calls(),
                String.join(" ", m.flags()),
                m.estimatedCostUsd());
    }

    private static List<?> row(FeatureMargin m) {
        return Arrays.asList(
                m.feature(),
                m.allocatedRevenueUsd(),
                m.costUsd(),
                m.marginUsd(),
                m.marginPercent(),
                m.calls(),
                m.estimatedCostUsd());
    }
}
