package dev.spendline.query.settings.web;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.revenue.RevenueLine;
import dev.spendline.query.revenue.RevenueRules;
import dev.spendline.query.revenue.RevenueWriter;
import dev.spendline.query.signin.WorkspaceAuthentication;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * {@code /app/settings/revenue}: customer revenue per tenant per month, the revenue side of
 * margins. A month's rows in a table (and as CSV, which is also the upload's format), a form that
 * adds or changes one row, a delete button per row, and a CSV upload that stores every row or, if
 * any row is bad, none, listing each problem. The same rules as the revenue API ({@link RevenueRules});
 * owners and admins change, everyone reads.
 */
@Controller
final class RevenueController {

    static final String PATH = "/app/settings/revenue";

    private final RevenueWriter revenue;
    private final RevenueTable table;
    private final Clock clock;

    RevenueController(RevenueWriter revenue, Queries queries, Clock clock) {
        this.revenue = revenue;
        this.table = new RevenueTable(queries);
        this.clock = clock;
    }

    @GetMapping(path = PATH, params = "!" + CsvExport.PARAMETER)
    String show(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(required = false) String month,
            Model model,
            HttpServletResponse response) {
        List<FieldError> errors = new ArrayList<>();
        YearMonth shown = shownMonth(month, errors);
        if (!errors.isEmpty()) {
            response.setStatus(400);
            model.addAttribute("monthError", "The month " + errors.get(0).message() + ".");
        }
        return page(principal, viewer, shown, model);
    }

    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(
            @AuthenticationPrincipal Principal principal, @RequestParam(required = false) String month) {
        List<FieldError> errors = new ArrayList<>();
        YearMonth shown = shownMonth(month, errors);
        List<List<?>> rows = new ArrayList<>();
        for (RevenueTable.Row row : table.month(principal.workspaceId(), shown)) {
            rows.add(List.of(row.tenantId(), row.month().toString(), row.amountUsd()));
        }
        return CsvExport.of("revenue-" + shown, RevenueCsv.COLUMNS, rows);
    }

    /** Adds a row, or changes it: a tenant has one amount per month, and this one replaces it. */
    @PostMapping(PATH)
    String save(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "") String tenant,
            @RequestParam(defaultValue = "") String month,
            @RequestParam(defaultValue = "") String amountUsd,
            Model model,
            RedirectAttributes redirect,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        List<FieldError> errors = new ArrayList<>();
        String tenantId = tenant.strip();
        RevenueRules.checkTenant(tenantId, "tenant", errors);
        YearMonth yearMonth = RevenueRules.month(month.strip(), clock, "month", errors);
        BigDecimal amount = RevenueRules.amount(amountUsd, "amountUsd", errors);
        if (!errors.isEmpty()) {
            response.setStatus(400);
            model.addAttribute("form", new RowForm(tenant, month, amountUsd));
            model.addAttribute("formErrors", errors);
            boolean monthValid = errors.stream().noneMatch(e -> e.pointer().equals("month"));
            return page(principal, viewer, monthValid ? yearMonth : currentMonth(), model);
        }
        revenue.put(principal, new RevenueLine(tenantId, yearMonth, amount));
        redirect.addFlashAttribute("notice", "Saved the revenue of " + tenantId + " for " + yearMonth + ".");
        return redirectTo(yearMonth);
    }

    @PostMapping(PATH + "/delete")
    String delete(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(defaultValue = "") String tenant,
            @RequestParam(defaultValue = "") String month,
            Model model,
            RedirectAttributes redirect,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        List<FieldError> errors = new ArrayList<>();
        RevenueRules.checkTenant(tenant, "tenant", errors);
        YearMonth yearMonth = RevenueRules.month(month, clock, "month", errors);
        if (!errors.isEmpty()) {
            response.setStatus(400);
            model.addAttribute("formErrors", errors);
            return page(principal, viewer, currentMonth(), model);
        }
        revenue.delete(principal, tenant, yearMonth);
        redirect.addFlashAttribute("notice", "Deleted the revenue of " + tenant + " for " + yearMonth + ".");
        return redirectTo(yearMonth);
    }

    /** Stores every row of the file, or none of them and lists each problem. */
    @PostMapping(path = PATH + "/upload")
    String upload(
            @AuthenticationPrincipal Principal principal,
            @CurrentSecurityContext(expression = "authentication") WorkspaceAuthentication viewer,
            @RequestParam(name = "file", required = false) MultipartFile file,
            Model model,
            RedirectAttributes redirect,
            HttpServletResponse response) {
        PageRefusal.requireManager(viewer);
        RevenueCsv.Result result;
        if (file == null || file.isEmpty()) {
            result = RevenueCsv.refused(new RevenueCsv.RowError(0, "file", "choose a CSV file to upload"));
        } else if (file.getSize() > RevenueCsv.MAX_BYTES) {
            // The container refuses larger requests first (SettingsPagesConfiguration); this keeps the
            // limit where it is read, whatever the container is configured with.
            result = RevenueCsv.tooLarge();
        } else {
            result = RevenueCsv.read(bytes(file), clock);
        }
        if (!result.accepted()) {
            response.setStatus(result.tooLarge() ? 413 : 400);
            model.addAttribute("uploadErrors", result.errors());
            return page(principal, viewer, currentMonth(), model);
        }
        revenue.putAll(principal, result.lines());
        YearMonth latest = result.lines().stream()
                .map(RevenueLine::month)
                .max(Comparator.naturalOrder())
                .orElseThrow();
        redirect.addFlashAttribute(
                "notice",
                "Stored " + result.lines().size() + " revenue row(s) from " + file.getOriginalFilename() + ".");
        return redirectTo(latest);
    }

    private static byte[] bytes(MultipartFile file) {
        try {
            return file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private YearMonth shownMonth(String month, List<FieldError> errors) {
        if (month == null || month.isBlank()) {
            return currentMonth();
        }
        YearMonth parsed = RevenueRules.month(month, clock, "month", errors);
        return errors.isEmpty() ? parsed : currentMonth();
    }

    private YearMonth currentMonth() {
        return YearMonth.now(clock.withZone(ZoneOffset.UTC));
    }

    private static String redirectTo(YearMonth month) {
        return "redirect:" + PATH + "?month=" + month;
    }

    private String page(Principal principal, WorkspaceAuthentication viewer, YearMonth month, Model model) {
        model.addAttribute("month", month);
        model.addAttribute("rows", table.month(principal.workspaceId(), month));
        model.addAttribute("canManage", viewer != null && viewer.manages());
        if (!model.containsAttribute("form")) {
            model.addAttribute("form", new RowForm("", month.toString(), ""));
        }
        model.addAttribute("columns", String.join(",", RevenueCsv.COLUMNS));
        model.addAttribute("maxRows", RevenueCsv.MAX_ROWS);
        model.addAttribute("curlExample", curlExample(month));
        return "settings/revenue";
    }

    /** The empty state's example: what to send, at the address this workspace's API answers at. */
    private static String curlExample(YearMonth month) {
        String baseUrl = ServletUriComponentsBuilder.fromCurrentContextPath().toUriString();
        return "curl -X PUT " + baseUrl + "/api/v1/settings/revenue/acme/" + month + " \\\n"
                + "  -H \"authorization: Bearer $SPENDLINE_API_KEY\" \\\n"
                + "  -H \"content-type: application/json\" -d '{\"amountUsd\": 1250.00}'";
    }

    /** What the add-or-change form shows: empty, or as typed when it was refused. */
    record RowForm(String tenant, String month, String amountUsd) {}
}
