package dev.spendline.query.dashboard.alerts;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.ReadToolPages;
import dev.spendline.query.dashboard.actions.ActionForms;
import dev.spendline.query.dashboard.actions.ConfirmForm;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;
import java.util.ArrayList;
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
 * Alerts ({@code active_alerts}): the open alerts, active and snoozed, with the figures behind
 * each, and the tool's parameters ({@code asOf}, {@code scope}, {@code value}, {@code type},
 * {@code severity}); snoozing one through the {@code snooze_alert} write action, prepared by the
 * alert's form and confirmed by typing its phrase.
 */
@Controller
final class AlertsController {

    static final String PATH = "/app/alerts";
    static final String PREPARE = PATH + "/snooze";
    static final String CONFIRM = PATH + "/snooze/confirm";
    private static final String TEMPLATE = "dashboard/alerts";
    private static final String SNOOZE_ALERT = "snooze_alert";

    private final ReadToolPages pages;
    private final ActionForms actions;

    AlertsController(ReadToolPages pages, ActionForms actions) {
        this.pages = pages;
        this.actions = actions;
    }

    @GetMapping(PATH)
    String alerts(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        return page(principal, params, model);
    }

    /** Active and snoozed alerts in one table; {@code snoozed_until} tells them apart. */
    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        ActiveAlertsReport report = pages.answer(ReadTool.ACTIVE_ALERTS, ActiveAlertsReport.class, principal, params);
        List<List<?>> rows = new ArrayList<>();
        report.alerts().forEach(a -> rows.add(row(a, null, null)));
        report.snoozed().forEach(s -> rows.add(row(s.alert(), s.until(), s.reason())));
        return CsvExport.of(
                "alerts",
                List.of(
                        "id",
                        "severity",
                        "type",
                        "scope",
                        "scope_value",
                        "opened_at",
                        "updated_at",
                        "message",
                        "snoozed_until",
                        "snooze_reason"),
                rows);
    }

    @PostMapping(PREPARE)
    String prepare(
            @AuthenticationPrincipal Principal principal,
            @ModelAttribute SnoozeForm form,
            Model model,
            HttpServletResponse response) {
        response.setStatus(actions.prepare(principal, SNOOZE_ALERT, form.fields(), model));
        return page(principal, new LinkedMultiValueMap<>(), model);
    }

    @PostMapping(CONFIRM)
    String confirm(
            @AuthenticationPrincipal Principal principal,
            @ModelAttribute ConfirmForm form,
            Model model,
            HttpServletResponse response) {
        response.setStatus(actions.confirm(principal, form, model));
        return page(principal, new LinkedMultiValueMap<>(), model);
    }

    private String page(Principal principal, MultiValueMap<String, String> params, Model model) {
        model.addAttribute("report", pages.answer(ReadTool.ACTIVE_ALERTS, ActiveAlertsReport.class, principal, params));
        model.addAttribute("filters", ReadToolPages.filters(params));
        model.addAttribute("csvUrl", ReadToolPages.csvLink(PATH, params));
        model.addAttribute("scopes", BudgetScope.values());
        model.addAttribute("types", AlertType.values());
        model.addAttribute("severities", AlertSeverity.values());
        return TEMPLATE;
    }

    private static List<?> row(Alert a, Instant snoozedUntil, String reason) {
        return Arrays.asList(
                a.id(),
                a.severity().name(),
                a.type().name(),
                a.scope() == null ? null : a.scope().name(),
                a.scopeValue(),
                a.openedAt(),
                a.updatedAt(),
                a.message(),
                snoozedUntil,
                reason);
    }
}
