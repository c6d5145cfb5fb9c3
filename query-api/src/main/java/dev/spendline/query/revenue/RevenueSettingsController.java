package dev.spendline.query.revenue;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.problems.RequestBodies;
import dev.spendline.query.problems.WhenUnavailable;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * Customer revenue, the settings behind margins: {@code PUT /api/v1/settings/revenue/{tenantId}/{month}}
 * with {@code {"amountUsd": 1250.00}} sets one tenant's revenue for one calendar month (replacing
 * what was there), {@code DELETE} on the same path removes it. The answer comes once Kafka has the
 * change; margins show it as soon as the topology has read it (normally well under a second).
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 5,
        title = "Revenue cannot be changed right now",
        detail = "Kafka did not acknowledge the change in time; nothing was changed. Retry shortly.")
final class RevenueSettingsController {

    static final String PATH = "/api/v1/settings/revenue/{tenantId}/{month}";

    /**
     * The same with the tenant id as a query parameter, for a tenant id that cannot be a path segment:
     * one containing {@code /} (an encoded slash in a path is refused by the servlet container and the
     * firewall, as it would confuse path-based security), or {@code .}/{@code ..}.
     */
    static final String QUERY_PATH = "/api/v1/settings/revenue/{month}";

    private final RevenueWriter revenue;
    private final Clock clock;

    RevenueSettingsController(RevenueWriter revenue, Clock clock) {
        this.revenue = revenue;
        this.clock = clock;
    }

    @PutMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    RevenueEntry put(
            @AuthenticationPrincipal Principal principal,
            @PathVariable String tenantId,
            @PathVariable String month,
            @RequestBody(required = false) byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        YearMonth yearMonth = validPath(tenantId, month, errors);
        BigDecimal amount = amount(body, errors);
        if (!errors.isEmpty()) {
            throw invalid(errors);
        }
        return revenue.put(principal, new RevenueLine(tenantId, yearMonth, amount));
    }

    /** {@code PUT /api/v1/settings/revenue/{month}?tenantId=...}: as {@link #put}. */
    @PutMapping(path = QUERY_PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    RevenueEntry putByQuery(
            @AuthenticationPrincipal Principal principal,
            @RequestParam(name = "tenantId", required = false) String tenantId,
            @PathVariable String month,
            @RequestBody(required = false) byte[] body) {
        return put(principal, tenantId, month, body);
    }

    /** {@code DELETE /api/v1/settings/revenue/{month}?tenantId=...}: as {@link #delete}. */
    @DeleteMapping(QUERY_PATH)
    ResponseEntity<Void> deleteByQuery(
            @AuthenticationPrincipal Principal principal,
            @RequestParam(name = "tenantId", required = false) String tenantId,
            @PathVariable String month) {
        return delete(principal, tenantId, month);
    }

    @DeleteMapping(PATH)
    ResponseEntity<Void> delete(
            @AuthenticationPrincipal Principal principal, @PathVariable String tenantId, @PathVariable String month) {
        List<FieldError> errors = new ArrayList<>();
        YearMonth yearMonth = validPath(tenantId, month, errors);
        if (!errors.isEmpty()) {
            throw invalid(errors);
        }
        // Idempotent: deleting what is not there is not an error, the result is the same.
        revenue.delete(principal, tenantId, yearMonth);
        return ResponseEntity.noContent().build();
    }

    private YearMonth validPath(String tenantId, String month, List<FieldError> errors) {
        RevenueRules.checkTenant(tenantId, "tenantId", errors);
        return RevenueRules.month(month, clock, "month", errors);
    }

    private static BigDecimal amount(byte[] body, List<FieldError> errors) {
        JsonNode node = RequestBodies.object(body, "{\"amountUsd\": 1250.00}", errors);
        if (node == null) {
            return null;
        }
        for (String name : node.propertyNames()) {
            if (!name.equals("amountUsd")) {
                errors.add(
                        new FieldError("/" + FieldError.escape(name), "is not a field; the only field is amountUsd"));
            }
        }
        JsonNode amount = node.get("amountUsd");
        if (amount == null || amount.isNull()) {
            errors.add(new FieldError("/amountUsd", "is required"));
            return null;
        }
        if (!amount.isNumber()) {
            errors.add(new FieldError("/amountUsd", "must be a number of US dollars, not text"));
            return null;
        }
        return RevenueRules.checkAmount(amount.decimalValue(), "/amountUsd", errors);
    }

    /** 400 {@code invalid_revenue} with every problem. */
    private static ProblemException invalid(List<FieldError> errors) {
        return new ProblemException(
                400,
                "invalid_revenue",
                "Invalid revenue",
                errors.size() + " problem(s) with the request; nothing was changed",
                errors);
    }
}
