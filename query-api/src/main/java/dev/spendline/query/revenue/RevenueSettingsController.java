package dev.spendline.query.revenue;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.Limits;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.problems.RequestBodies;
import dev.spendline.query.problems.WhenUnavailable;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
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
    /** Revenue before Spendline could have seen any call is a typing mistake. */
    static final YearMonth EARLIEST_MONTH = YearMonth.of(2015, 1);

    private final SettingsWriter writer;
    private final Clock clock;

    RevenueSettingsController(SettingsWriter writer, Clock clock) {
        this.writer = writer;
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
        Instant now = clock.instant();
        RevenueRow row = RevenueRow.of(
                principal.workspaceId(),
                tenantId,
                yearMonth,
                amount,
                now,
                principal.credential().id());
        writer.put(
                Topics.REVENUE,
                principal.workspaceId(),
                RevenueRow.key(principal.workspaceId(), tenantId, yearMonth),
                row);
        return new RevenueEntry(tenantId, yearMonth.toString(), amount, now);
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
        writer.put(
                Topics.REVENUE,
                principal.workspaceId(),
                RevenueRow.key(principal.workspaceId(), tenantId, yearMonth),
                null);
        return ResponseEntity.noContent().build();
    }

    private YearMonth validPath(String tenantId, String month, List<FieldError> errors) {
        if (tenantId.isBlank() || tenantId.length() > Limits.MAX_ID_LENGTH) {
            errors.add(new FieldError("tenantId", "must be 1 to " + Limits.MAX_ID_LENGTH + " characters"));
        } else if (tenantId.chars().anyMatch(Character::isISOControl)) {
            errors.add(new FieldError("tenantId", "must not contain control characters"));
        }
        YearMonth latest = YearMonth.now(clock.withZone(ZoneOffset.UTC)).plusMonths(12);
        try {
            YearMonth parsed = YearMonth.parse(month);
            if (parsed.isBefore(EARLIEST_MONTH) || parsed.isAfter(latest)) {
                errors.add(new FieldError("month", "must be between " + EARLIEST_MONTH + " and " + latest));
            }
            return parsed;
        } catch (DateTimeParseException e) {
            errors.add(new FieldError("month", "must be a calendar month like 2026-11"));
            return null;
        }
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
        BigDecimal value = amount.decimalValue();
        if (value.signum() < 0) {
            errors.add(new FieldError("/amountUsd", "must not be negative"));
        } else if (value.compareTo(RevenueRow.MAX_AMOUNT_USD) > 0) {
            errors.add(new FieldError("/amountUsd", "must be at most " + RevenueRow.MAX_AMOUNT_USD.toPlainString()));
        } else if (value.stripTrailingZeros().scale() > 9) {
            errors.add(new FieldError("/amountUsd", "must have at most 9 decimals"));
        } else {
            return value;
        }
        return null;
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
