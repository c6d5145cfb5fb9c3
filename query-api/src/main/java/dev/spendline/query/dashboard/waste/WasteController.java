package dev.spendline.query.dashboard.waste;

import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.ReadToolPages;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Waste ({@code top_waste}): how much of the spend bought nothing, by kind and, with {@code by}, by
 * kind and one dimension, with the calls behind each figure. Parameters: {@code from}, {@code to},
 * {@code by}, {@code kind}, {@code limit} and one dimension filter named like the dimension.
 */
@Controller
final class WasteController {

    static final String PATH = "/app/waste";

    private final ReadToolPages pages;

    WasteController(ReadToolPages pages) {
        this.pages = pages;
    }

    @GetMapping(PATH)
    String waste(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        model.addAttribute("report", pages.answer(ReadTool.TOP_WASTE, TopWasteReport.class, principal, params));
        model.addAttribute("filters", ReadToolPages.filters(params));
        model.addAttribute("csvUrl", ReadToolPages.csvLink(PATH, params));
        model.addAttribute("kinds", WasteKind.values());
        model.addAttribute(
                "dimensions", TopWasteQuery.BY.stream().map(d -> d.wireName()).toList());
        model.addAttribute("kindNames", WasteKindNames.ALL);
        return "dashboard/waste";
    }

    /** The rows table (by kind, or by kind and the {@code by} dimension), one row a line. */
    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        TopWasteReport report = pages.answer(ReadTool.TOP_WASTE, TopWasteReport.class, principal, params);
        String by = report.by() == null ? "value" : report.by();
        return CsvExport.of(
                "waste" + (report.by() == null ? "" : "-by-" + report.by()),
                List.of("kind", by, "waste_usd", "calls"),
                report.rows().stream().map(WasteController::row).toList());
    }

    private static List<?> row(WasteRow row) {
        return Arrays.asList(row.kind().name(), row.value(), row.costUsd(), row.calls());
    }

    /** Each kind in words for the page (definitions in docs/waste.md). */
    static final class WasteKindNames {

        static final Map<WasteKind, String> ALL = Map.of(
                WasteKind.FAILED_CALL, "Failed calls: paid for, no result",
                WasteKind.RETRY, "Retries of an attempt already paid for",
                WasteKind.DUPLICATE_STEP, "Run steps done again after they had succeeded",
                WasteKind.RUNAWAY_RUN, "Runs far beyond their workflow's typical run",
                WasteKind.CACHE_MISS, "Large prompts not read from the provider's cache (estimated part)",
                WasteKind.MODEL_OVERKILL, "An expensive model where a cheaper one did as well (estimated part)");

        private WasteKindNames() {}
    }
}
