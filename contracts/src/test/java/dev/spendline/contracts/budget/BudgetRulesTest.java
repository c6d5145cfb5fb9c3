package dev.spendline.contracts.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.validation.FieldError;
import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BudgetRulesTest {

    private static final Instant SUNDAY_LATE = Instant.parse("2026-11-22T23:59:59Z");

    @Test
    void periodsAreUtcCalendarPeriodsWithWeeksFromMonday() {
        assertThat(BudgetPeriod.DAILY.start(SUNDAY_LATE)).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
        assertThat(BudgetPeriod.DAILY.end(SUNDAY_LATE)).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        assertThat(BudgetPeriod.WEEKLY.start(SUNDAY_LATE)).isEqualTo(Instant.parse("2026-11-16T00:00:00Z"));
        assertThat(BudgetPeriod.WEEKLY.end(SUNDAY_LATE)).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        // Monday 00:00 starts a new week.
        assertThat(BudgetPeriod.WEEKLY.start(Instant.parse("2026-11-23T00:00:00Z")))
                .isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        assertThat(BudgetPeriod.MONTHLY.start(SUNDAY_LATE)).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(BudgetPeriod.MONTHLY.end(SUNDAY_LATE)).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
        // A leap February has 29 days.
        assertThat(BudgetPeriod.MONTHLY.end(Instant.parse("2028-02-10T00:00:00Z")))
                .isEqualTo(Instant.parse("2028-03-01T00:00:00Z"));
    }

    @Test
    void stateFollowsTheSpendTheWarningShareAndTheForecast() {
        Instant midMonth = Instant.parse("2026-11-16T00:00:00Z"); // 15 of 30 days
        assertThat(status("100", "100", midMonth).state()).isEqualTo(BudgetState.EXCEEDED);
        assertThat(status("100", "80", midMonth).state()).isEqualTo(BudgetState.WARNING);
        // 40 after half the month forecasts 80: OK; 51 forecasts 102: WARNING although at 51 %.
        BudgetStatus ok = status("100", "40", midMonth);
        assertThat(ok.state()).isEqualTo(BudgetState.OK);
        assertThat(ok.forecastUsd()).isEqualByComparingTo("80");
        BudgetStatus trending = status("100", "51", midMonth);
        assertThat(trending.state()).isEqualTo(BudgetState.WARNING);
        assertThat(trending.forecastUsd()).isEqualByComparingTo("102");
        assertThat(trending.percentUsed()).isEqualByComparingTo("51.0");
        // Two days in (under a tenth of the month) there is no forecast, so 50 % is still OK.
        BudgetStatus early = status("100", "50", Instant.parse("2026-11-03T00:00:00Z"));
        assertThat(early.forecastUsd()).isNull();
        assertThat(early.state()).isEqualTo(BudgetState.OK);
    }

    @Test
    void aDraftListsEveryProblemWithItsPointer() {
        assertThat(new BudgetDraft(
                                "Support",
                                BudgetScope.FEATURE,
                                "support-bot",
                                BudgetPeriod.MONTHLY,
                                new BigDecimal("500"))
                        .problems())
                .isEmpty();
        assertThat(new BudgetDraft("All", BudgetScope.WORKSPACE, null, BudgetPeriod.DAILY, new BigDecimal("0.5"))
                        .problems())
                .isEmpty();
        assertThat(new BudgetDraft(" ", BudgetScope.FEATURE, null, null, new BigDecimal("-1")).problems())
                .extracting(FieldError::pointer)
                .containsExactly("/name", "/scopeValue", "/period", "/limitUsd");
        assertThat(new BudgetDraft("x".repeat(101), BudgetScope.WORKSPACE, "v", BudgetPeriod.DAILY, BigDecimal.ZERO)
                        .problems())
                .extracting(FieldError::message)
                .containsExactly(
                        "must be at most 100 characters",
                        "must be left out for scope WORKSPACE",
                        "must be more than 0");
        assertThat(new BudgetDraft("n", null, null, BudgetPeriod.DAILY, new BigDecimal("1.0000000001")).problems())
                .extracting(FieldError::pointer, FieldError::message)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("/scope", "is required"),
                        org.assertj.core.groups.Tuple.tuple("/limitUsd", "must have at most 9 decimals"));
        assertThat(new BudgetDraft("n", BudgetScope.TENANT, "a\u0007b", BudgetPeriod.DAILY, new BigDecimal("2e9"))
                        .problems())
                .extracting(FieldError::pointer)
                .containsExactly("/scopeValue", "/limitUsd");
    }

    private static BudgetStatus status(String limit, String spent, Instant asOf) {
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION,
                "ws",
                "bud_1",
                "Monthly",
                BudgetScope.WORKSPACE,
                null,
                BudgetPeriod.MONTHLY,
                new BigDecimal(limit),
                Instant.EPOCH,
                "key");
        return BudgetStatus.of(budget, asOf, new BigDecimal(spent));
    }
}
