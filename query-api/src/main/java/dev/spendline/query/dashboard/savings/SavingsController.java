package dev.spendline.query.dashboard.savings;

import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.RecommendationEvidence;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsReport;
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
 * Savings recommendations ({@code savings_recommendations}): what the workspace could change to
 * spend less, each with its estimated saving per month, how it was estimated, and the figures it
 * rests on. Parameters: {@code from}, {@code to}, {@code limit}, {@code kind}, {@code feature},
 * {@code tenant}, {@code workflow}, {@code model}.
 */
@Controller
final class SavingsController {

    static final String PATH = "/app/savings";

    private final ReadToolPages pages;

    SavingsController(ReadToolPages pages) {
        this.pages = pages;
    }

    @GetMapping(PATH)
    String savings(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        model.addAttribute(
                "report", pages.answer(ReadTool.SAVINGS_RECOMMENDATIONS, SavingsReport.class, principal, params));
        model.addAttribute("filters", ReadToolPages.filters(params));
        model.addAttribute("csvUrl", ReadToolPages.csvLink(PATH, params));
        model.addAttribute("kinds", RecommendationKind.values());
        return "dashboard/savings";
    }

    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        SavingsReport report = pages.answer(ReadTool.SAVINGS_RECOMMENDATIONS, SavingsReport.class, principal, params);
        return CsvExport.of(
                "savings-recommendations",
                List.of(
                        "id",
                        "kind",
                        "title",
                        "estimated_monthly_saving_usd",
                        "dimension",
                        "value",
                        "waste_kind",
                        "calls",
                        "amount_usd",
                        "spend_usd",
                        "revenue_usd",
                        "models",
                        "estimate_method",
                        "suggested_action"),
                report.recommendations().stream().map(SavingsController::row).toList());
    }

    private static List<?> row(Recommendation r) {
        RecommendationEvidence e = r.evidence();
        return Arrays.asList(
                r.id(),
                r.kind().name(),
                r.title(),
                r.estimatedMonthlySavingUsd(),
                e.dimension(),
                e.value(),
                e.wasteKind() == null ? null : e.wasteKind().name(),
                e.calls(),
                e.amountUsd(),
                e.spendUsd(),
                e.revenueUsd(),
                String.join(" ", e.models()),
                r.estimateMethod(),
                r.action() == null ? null : r.action().description());
    }
}
