package dev.spendline.query.dashboard.budgets;

import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.ReadToolPages;
import dev.spendline.query.dashboard.actions.ActionForms;
import dev.spendline.query.dashboard.actions.ActionPanel;
import dev.spendline.query.dashboard.actions.ConfirmForm;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Budgets ({@code budget_status}): each budget in its current period (limit, spent, % used,
 * run-rate forecast, state), with the tool's parameters ({@code asOf}, {@code scope}, {@code
 * value}, {@code name}, {@code state}); and creating one through the {@code create_budget} write
 * action, prepared by the form and confirmed by typing its phrase, as Ask does it.
 */
@Controller
final class BudgetsController {

    static final String PATH = "/app/budgets";
    static final String PREPARE = PATH + "/prepare";
    /** The page with the create-budget form filled in from the query (Ask's links to a budget asked for). */
    static final String NEW = PATH + "/new";

    static final String CONFIRM = PATH + "/confirm";
    private static final String TEMPLATE = "dashboard/budgets";
    private static final String CREATE_BUDGET = "create_budget";
    /** How long a confirmation waits for its budget to be listed; it is usually there within 100 ms. */
    static final Duration SHOWN_WITHIN = Duration.ofSeconds(2);

    private final ReadToolPages pages;
    private final ActionForms actions;

    BudgetsController(ReadToolPages pages, ActionForms actions) {
        this.pages = pages;
        this.actions = actions;
    }

    @GetMapping(PATH)
    String budgets(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        return page(principal, params, BudgetForm.blank(), model);
    }

    /**
     * The budgets page with the form filled in from {@code name}, {@code limitUsd}, {@code scope},
     * {@code scopeValue} and {@code period}: nothing is prepared until the form is sent.
     */
    @GetMapping(NEW)
    String filledIn(@AuthenticationPrincipal Principal principal, @ModelAttribute BudgetForm form, Model model) {
        BudgetForm blank = BudgetForm.blank();
        BudgetForm filled = new BudgetForm(
                form.name(),
                form.limitUsd(),
                form.scope() == null || form.scope().isBlank() ? blank.scope() : form.scope(),
                form.scopeValue(),
                form.period() == null || form.period().isBlank() ? blank.period() : form.period());
        return page(principal, new LinkedMultiValueMap<>(), filled, model);
    }

    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        BudgetStatusReport report = pages.answer(ReadTool.BUDGET_STATUS, BudgetStatusReport.class, principal, params);
        return CsvExport.of(
                "budgets",
                List.of(
                        "id",
                        "name",
                        "scope",
                        "scope_value",
                        "period",
                        "period_start",
                        "period_end",
                        "limit_usd",
                        "spent_usd",
                        "percent_used",
                        "forecast_usd",
                        "state"),
                report.budgets().stream().map(BudgetsController::row).toList());
    }

    /** Prepares {@code create_budget} from the form: the page then shows the summary and the phrase. */
    @PostMapping(PREPARE)
    String prepare(
            @AuthenticationPrincipal Principal principal,
            @ModelAttribute BudgetForm form,
            Model model,
            HttpServletResponse response) {
        response.setStatus(actions.prepare(principal, CREATE_BUDGET, form.fields(), model));
        return page(principal, new LinkedMultiValueMap<>(), form, model);
    }

    @PostMapping(CONFIRM)
    String confirm(
            @AuthenticationPrincipal Principal principal,
            @ModelAttribute ConfirmForm form,
            Model model,
            HttpServletResponse response) {
        int listed = listed(principal);
        int status = actions.confirm(principal, form, model);
        response.setStatus(status);
        if (status == 200 && model.getAttribute(ActionForms.PANEL) instanceof ActionPanel done && !done.replayed()) {
            awaitNewBudget(principal, listed);
        }
        return page(principal, new LinkedMultiValueMap<>(), BudgetForm.blank(), model);
    }

    private int listed(Principal principal) {
        return pages.answer(ReadTool.BUDGET_STATUS, BudgetStatusReport.class, principal, new LinkedMultiValueMap<>())
                .budgets()
                .size();
    }

    /**
     * A confirmed budget reaches the budget reads through Kafka a moment later: wait for it (at most
     * {@link #SHOWN_WITHIN}) so the page that says "Done" lists it, instead of "No budgets match"
     * until a reload. A replayed confirmation adds nothing, so it does not wait.
     */
    private void awaitNewBudget(Principal principal, int before) {
        long deadline = System.nanoTime() + SHOWN_WITHIN.toNanos();
        while (listed(principal) <= before && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private String page(Principal principal, MultiValueMap<String, String> params, BudgetForm form, Model model) {
        model.addAttribute("report", pages.answer(ReadTool.BUDGET_STATUS, BudgetStatusReport.class, principal, params));
        model.addAttribute("filters", ReadToolPages.filters(params));
        model.addAttribute("csvUrl", ReadToolPages.csvLink(PATH, params));
        model.addAttribute("budget", form);
        model.addAttribute("scopes", BudgetScope.values());
        model.addAttribute("periods", BudgetPeriod.values());
        return TEMPLATE;
    }

    private static List<?> row(BudgetStatus s) {
        return Arrays.asList(
                s.budget().id(),
                s.budget().name(),
                s.budget().scope().name(),
                s.budget().scopeValue(),
                s.budget().period().name(),
                s.periodStart(),
                s.periodEnd(),
                s.budget().limitUsd(),
                s.spentUsd(),
                s.percentUsed(),
                s.forecastUsd(),
                s.state().name());
    }
}
