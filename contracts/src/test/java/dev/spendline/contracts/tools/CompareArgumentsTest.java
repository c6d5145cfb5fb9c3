package dev.spendline.contracts.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code compare}'s argument reader: the report's own arguments and the base period. */
class CompareArgumentsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:17:00Z"), ZoneOffset.UTC);

    private static CompareQuery read(String... pairs) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            args.put(pairs[i], pairs[i + 1]);
        }
        return (CompareQuery) ReadTool.COMPARE.read("ws_1", ToolArguments.of(args), CLOCK);
    }

    @Test
    void theBaseIsThePeriodOfTheSameLengthBeforeWhenNotGiven() {
        CompareQuery q =
                read("by", "feature", "from", "2026-11-15", "to", "2026-11-21", "tenant", "acme", "metric", "calls");
        assertThat(q.subject()).isEqualTo(CompareSubject.SPEND);
        assertThat(q.currentSpend().from()).isEqualTo(Instant.parse("2026-11-15T00:00:00Z"));
        assertThat(q.baseSpend().from()).isEqualTo(Instant.parse("2026-11-08T00:00:00Z"));
        assertThat(q.baseSpend().to()).isEqualTo(Instant.parse("2026-11-15T00:00:00Z"));
        assertThat(q.baseSpend().filters()).isEqualTo(Map.of(Dimension.TENANT, "acme"));
        assertThat(q.baseSpend().metric()).isEqualTo(SpendMetric.CALLS);
        assertThat(q.limit()).isEqualTo(CompareQuery.DEFAULT_LIMIT);
    }

    @Test
    void withoutDatesTheLast30WholeDaysAreComparedWithThe30DaysRightBefore() {
        // At 10:17, "now minus 30 days" is inside a day older than the hours kept: it is read as that
        // whole day, so both periods held it. Midnight edges keep them adjacent and equally long.
        CompareQuery q = read("by", "feature");
        assertThat(q.currentSpend().from()).isEqualTo(Instant.parse("2026-10-23T00:00:00Z"));
        assertThat(q.currentSpend().to()).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
        assertThat(q.baseSpend().from()).isEqualTo(Instant.parse("2026-09-23T00:00:00Z"));
        assertThat(q.baseSpend().to()).isEqualTo(q.currentSpend().from());
    }

    @Test
    void withFromAloneTheBaseIsExactlyTheSpanBeforeFromAndSharesNoDay() {
        // This month to date (to: the end of today) against as many days right before the 1st,
        // the dashboard's "from" field alone: the base ends where the current period starts.
        CompareQuery q = read("by", "feature", "from", "2026-11-01");
        assertThat(q.currentSpend().from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(q.currentSpend().to()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        assertThat(q.baseSpend().from()).isEqualTo(Instant.parse("2026-10-10T00:00:00Z"));
        assertThat(q.baseSpend().to()).isEqualTo(q.currentSpend().from());
    }

    @Test
    void withoutAGroupingOnlyTotalsAreComparedAndNamedPeriodsAreKept() {
        CompareQuery q =
                read("from", "2026-11-01", "to", "2026-11-22", "baseFrom", "2026-10-01", "baseTo", "2026-10-31");
        assertThat(q.currentSpend().by()).isNull();
        assertThat(q.currentSpend().grain()).isEqualTo(TimeGrain.MONTH);
        assertThat(q.baseSpend().to()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
    }

    @Test
    void marginsCompareWholeMonths() {
        CompareQuery q = read("report", "margin_by_customer", "from", "2026-07", "to", "2026-09");
        assertThat(q.currentMargin().from()).isEqualTo(YearMonth.of(2026, 7));
        assertThat(q.baseMargin().from()).isEqualTo(YearMonth.of(2026, 4));
        assertThat(q.baseMargin().to()).isEqualTo(YearMonth.of(2026, 6));
    }

    @Test
    void repeatedExclusionsLeaveTheSameValuesOutOfBothPeriods() {
        CompareQuery q = (CompareQuery) ReadTool.COMPARE.read(
                "ws_1",
                ToolArguments.ofParameters(Map.of(
                        "by", List.of("model"),
                        "tenant", List.of("acme"),
                        "exclude", List.of("feature:onboarding", "model:gpt-4o", "feature:search"))),
                CLOCK);
        Map<Dimension, Set<String>> expected =
                Map.of(Dimension.FEATURE, Set.of("onboarding", "search"), Dimension.MODEL, Set.of("gpt-4o"));
        assertThat(q.exclusions()).isEqualTo(expected);
        // The comparison owns them; each period reads with them.
        assertThat(q.currentSpend().exclusions()).isEmpty();
        assertThat(q.currentSpendRead().exclusions()).isEqualTo(expected);
        assertThat(q.baseSpendRead().exclusions()).isEqualTo(expected);
        assertThat(q.baseSpendRead().filters()).isEqualTo(Map.of(Dimension.TENANT, "acme"));
        assertThat(q.baseSpendRead().to()).isEqualTo(q.currentSpend().from());
        // Another instance answers it as it was read: the exclusions cross the wire.
        var json = dev.spendline.contracts.json.Json.MAPPER;
        assertThat(json.readValue(json.writeValueAsString(q), CompareQuery.class))
                .isEqualTo(q);
    }

    @Test
    void aJsonArrayOfExclusionsReadsLikeRepeatedParametersAndWithoutByOnlyTotalsLoseThem() {
        CompareQuery q = (CompareQuery) ReadTool.COMPARE.read(
                "ws_1", ToolArguments.of(Map.of("exclude", List.of("tenant:acme", "tenant:umbrella"))), CLOCK);
        assertThat(q.exclusions()).isEqualTo(Map.of(Dimension.TENANT, Set.of("acme", "umbrella")));
        assertThat(q.currentSpendRead().grain()).isEqualTo(TimeGrain.MONTH);
        assertThat(q.currentSpendRead().exclusionReads()).isEqualTo(3);
    }

    @Test
    void refusesExclusionsWithSpendBysMessagesEachProblemOnce() {
        assertThatThrownBy(() -> ReadTool.COMPARE.read(
                        "ws_1",
                        ToolArguments.ofParameters(
                                Map.of("exclude", List.of("onboarding", "colour:red", "model:", "employee:ann"))),
                        CLOCK))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer, FieldError::message)
                        .containsExactly(
                                org.assertj.core.groups.Tuple.tuple(
                                        "exclude",
                                        "must be dimension:value (e.g. feature:onboarding), not 'onboarding'"),
                                org.assertj.core.groups.Tuple.tuple(
                                        "exclude",
                                        "'colour' is not a dimension of product usage; one of "
                                                + String.join(
                                                        ", ",
                                                        Dimension.wireNames(
                                                                dev.spendline.contracts.query.UsageKind.PRODUCT))),
                                org.assertj.core.groups.Tuple.tuple("exclude", "model: the value must not be empty"),
                                org.assertj.core.groups.Tuple.tuple(
                                        "exclude",
                                        "'employee' is not a dimension of product usage; one of "
                                                + String.join(
                                                        ", ",
                                                        Dimension.wireNames(
                                                                dev.spendline.contracts.query.UsageKind.PRODUCT)))));
        // The filter conflict is the same in both periods: named once, not again as the base's.
        assertThatThrownBy(() -> read("by", "model", "feature", "search", "exclude", "feature:search"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::message)
                        .containsExactly("feature=search is both the filter and excluded, which leaves nothing"));
        List<String> many = new java.util.ArrayList<>();
        for (String d : List.of("feature", "tenant", "agent")) {
            for (int i = 0; i < 4; i++) {
                many.add(d + ":v" + i);
            }
        }
        assertThatThrownBy(() -> ReadTool.COMPARE.read(
                        "ws_1", ToolArguments.ofParameters(Map.of("by", List.of("model"), "exclude", many)), CLOCK))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::message)
                        .singleElement()
                        .asString()
                        .startsWith("too many exclusions"));
    }

    @Test
    void marginComparisonsTakeNoExclusions() {
        assertThatThrownBy(() -> read("report", "margin_by_customer", "exclude", "tenant:acme"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer, FieldError::message)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(
                                "exclude",
                                "is not a parameter of a margin comparison; use from, to, baseFrom,"
                                        + " baseTo (YYYY-MM), limit, tenant and feature")));
        CompareQuery built = new CompareQuery(
                "ws_1",
                CompareSubject.MARGIN_BY_CUSTOMER,
                null,
                null,
                new dev.spendline.contracts.margin.MarginQuery(
                        "ws_1", YearMonth.of(2026, 11), YearMonth.of(2026, 11), 10, null, null),
                new dev.spendline.contracts.margin.MarginQuery(
                        "ws_1", YearMonth.of(2026, 10), YearMonth.of(2026, 10), 10, null, null),
                10,
                Map.of(Dimension.TENANT, Set.of("acme")));
        assertThat(built.problems())
                .containsExactly("exclude is for spend comparisons; margin_by_customer leaves no values out");
    }

    @Test
    void spendQueriesThatExcludeOnTheirOwnAreRefusedRatherThanOverridden() {
        CompareQuery read = read("by", "model", "exclude", "tenant:acme");
        CompareQuery inconsistent = new CompareQuery(
                "ws_1",
                CompareSubject.SPEND,
                read.currentSpendRead(),
                read.baseSpend(),
                null,
                null,
                read.limit(),
                Map.of());
        assertThat(inconsistent.problems())
                .containsExactly("a comparison's exclusions are its own, for both periods;"
                        + " its spend queries must exclude nothing");
    }

    @Test
    void refusesWhatItCannotCompareNamingEveryProblem() {
        assertThatThrownBy(() -> read("report", "waste", "by", "day", "baseFrom", "2026-10-01", "metric", "profit"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer)
                        .contains("report", "by", "baseTo", "metric"));
        assertThatThrownBy(() -> read("report", "margin_by_feature", "by", "tenant", "usage", "internal"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer)
                        .contains("by", "usage"));
    }

    @Test
    void datesFarOutsideTheCalendarAreRefusedNotOverflowed() {
        // Found by PublicPortFuzzIT: to=-999999999-01-01T00:00:00Z answered 500 (the base period moved
        // back from it overflowed). Every date and month argument is held to 1970..9999.
        for (String[] args : List.of(
                new String[] {"to", "-999999999-01-01T00:00:00Z"},
                new String[] {"from", "+999999999-12-31T00:00:00Z"},
                new String[] {"from", "1969-12-31", "to", "1970-01-05"},
                new String[] {"from", "2026-11-01", "to", "2026-11-02", "baseFrom", "1969-01-01", "baseTo", "1969-01-02"
                })) {
            assertThatThrownBy(() -> read(args))
                    .as(String.join(" ", args))
                    .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                            .extracting(FieldError::message)
                            .contains("must be between 1970-01-01 and 9999-12-31"));
        }
        assertThatThrownBy(() -> read("report", "margin_by_customer", "from", "1969-12", "to", "2026-11"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer, FieldError::message)
                        .contains(org.assertj.core.groups.Tuple.tuple("from", "must be between 1970-01 and 9999-12")));
        // The edges themselves are dates like any other.
        CompareQuery last = read("from", "9999-12-01", "to", "9999-12-31");
        assertThat(last.currentSpend().to()).isEqualTo(Instant.parse("+10000-01-01T00:00:00Z"));
    }
}
