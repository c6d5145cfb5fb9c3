package dev.spendline.contracts.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code spend_by}'s argument reader, the one REST, Ask and MCP share. */
class SpendArgumentsTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    /** The last 30 days, today included: 24 Oct 00:00 to 23 Nov 00:00 (LastDays). */
    private static final Instant LAST_30_FROM = Instant.parse("2026-10-24T00:00:00Z");

    private static final Instant LAST_30_TO = Instant.parse("2026-11-23T00:00:00Z");

    private final List<FieldError> errors = new ArrayList<>();

    private SpendQuery parse(String... pairs) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            params.computeIfAbsent(pairs[i], name -> new ArrayList<>()).add(pairs[i + 1]);
        }
        try {
            return ToolArgumentReaders.spend("ws_1", ToolArguments.ofParameters(params), CLOCK);
        } catch (InvalidArgumentsException e) {
            errors.addAll(e.errors());
            return null;
        }
    }

    @Test
    void defaultsToProductUsageTheLastThirtyDaysAndTwentyRows() {
        SpendQuery query = parse("by", "feature");
        assertThat(errors).isEmpty();
        assertThat(query)
                .isEqualTo(new SpendQuery(
                        "ws_1", UsageKind.PRODUCT, Dimension.FEATURE, LAST_30_FROM, LAST_30_TO, Map.of(), 20));
    }

    @Test
    void perAddsAPeriodBesideADimension() {
        SpendQuery query = parse("by", "model", "per", "week", "exclude", "feature:onboarding");
        assertThat(errors).isEmpty();
        assertThat(query.by()).isEqualTo(Dimension.MODEL);
        assertThat(query.grain()).isNull();
        assertThat(query.per()).isEqualTo(TimeGrain.WEEK);
        assertThat(query.limit()).isEqualTo(20);
        assertThat(query.exclusions()).containsKey(Dimension.FEATURE);
        assertThat(parse("by", "team", "usage", "internal", "per", "MONTH").per())
                .isEqualTo(TimeGrain.MONTH);
    }

    @Test
    void perIsRefusedWithoutADimensionOrAPeriod() {
        parse("by", "day", "per", "week");
        assertThat(errors)
                .containsExactly(new FieldError(
                        "per", "needs by to be a dimension (e.g. by=model&per=week), not the period day"));
        errors.clear();
        parse("by", "model", "per", "fortnight");
        assertThat(errors)
                .containsExactly(new FieldError("per", "must be a period: hour, day, week or month, not 'fortnight'"));
        errors.clear();
        parse("by", "model", "per", "model");
        assertThat(errors).extracting(FieldError::pointer).containsExactly("per");
        errors.clear();
        parse("by", "model", "per", "day", "limit", "51");
        assertThat(errors)
                .containsExactly(
                        new FieldError("", "limit must be at most 50 with per (each value has a row per period)"));
        errors.clear();
        parse("per", "day");
        assertThat(errors).extracting(FieldError::pointer).containsExactly("by");
    }

    @Test
    void aDateToIncludesThatWholeDay() {
        SpendQuery query = parse("by", "model", "from", "2026-11-01", "to", "2026-11-30");
        assertThat(query.from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(query.to()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
    }

    @Test
    void acceptsDateTimesWithOffsets() {
        SpendQuery query = parse("by", "model", "from", "2026-11-01T09:00:00+02:00", "to", "2026-11-02T00:00:00Z");
        assertThat(query.from()).isEqualTo(Instant.parse("2026-11-01T07:00:00Z"));
    }

    @Test
    void readsInternalDimensionsAndFilters() {
        SpendQuery internal = parse("usage", "internal", "by", "tool");
        assertThat(internal.by()).isEqualTo(Dimension.INTERNAL_TOOL);
        SpendQuery filtered = parse("by", "model", "feature", "search", "limit", "5");
        assertThat(filtered.filters()).isEqualTo(Map.of(Dimension.FEATURE, "search"));
        assertThat(filtered.limit()).isEqualTo(5);
        assertThat(errors).isEmpty();
    }

    @Test
    void takesAnyNumberOfFiltersAPeriodAMetricAndAnOrder() {
        SpendQuery combined = parse(
                "by",
                "model",
                "tenant",
                "acme",
                "feature",
                "search",
                "status",
                "error",
                "metric",
                "error_rate",
                "order",
                "asc");
        assertThat(errors).isEmpty();
        assertThat(combined.filters())
                .isEqualTo(Map.of(Dimension.TENANT, "acme", Dimension.FEATURE, "search", Dimension.STATUS, "error"));
        assertThat(combined.metric()).isEqualTo(SpendMetric.ERROR_RATE);
        assertThat(combined.order()).isEqualTo(SpendOrder.ASC);
        assertThat(combined.grain()).isNull();

        SpendQuery daily = parse("by", "day", "usage", "internal", "team", "platform", "tool", "cursor");
        assertThat(errors).isEmpty();
        assertThat(daily.by()).isNull();
        assertThat(daily.grain()).isEqualTo(TimeGrain.DAY);
        assertThat(daily.byName()).isEqualTo("day");
        assertThat(daily.filters()).isEqualTo(Map.of(Dimension.TEAM, "platform", Dimension.INTERNAL_TOOL, "cursor"));
        // By period: oldest first and every period, unless asked otherwise.
        assertThat(daily.order()).isEqualTo(SpendOrder.ASC);
        assertThat(daily.limit()).isEqualTo(SpendQuery.MAX_LIMIT);
        assertThat(daily.metric()).isEqualTo(SpendMetric.COST);
    }

    @Test
    void refusesUnknownMetricsOrdersAndGroupings() {
        assertThat(parse("by", "fortnight", "metric", "profit", "order", "up")).isNull();
        assertThat(errors).extracting(FieldError::pointer).containsExactlyInAnyOrder("by", "metric", "order");
        assertThat(errors.get(0).message()).contains("day, week, month");
        assertThat(errors.get(1).message()).contains("cost_per_1k_tokens");
        assertThat(errors.get(2).message()).isEqualTo("must be desc or asc");
    }

    @Test
    void listsEveryProblemAtOnce() {
        assertThat(parse("by", "colour", "usage", "both", "from", "last week", "limit", "ten", "frm", "x"))
                .isNull();
        assertThat(errors)
                .extracting(FieldError::pointer)
                .containsExactlyInAnyOrder("usage", "by", "from", "limit", "frm");
    }

    @Test
    void refusesRepeatedParametersEmptyFiltersAndUnanswerableQueries() {
        assertThat(parse("by", "feature", "by", "model")).isNull();
        assertThat(errors).extracting(FieldError::message).contains("must be given once");
        errors.clear();
        assertThat(parse("by", "model", "feature", "")).isNull();
        assertThat(errors).extracting(FieldError::message).containsExactly("must not be empty");
        errors.clear();
        assertThat(parse("by", "user", "usage", "product", "employee", "ana@acme.com"))
                .isNull();
        assertThat(errors.get(0).message()).isEqualTo("is a filter of internal usage, not of product usage");
        errors.clear();
        assertThat(parse("by", "feature", "from", "2025-01-01", "to", "2026-11-01"))
                .isNull();
        assertThat(errors.get(0).message()).contains("at most 400 days");
        errors.clear();
        assertThat(parse("by", "feature", "from", "2026-11-02", "to", "2026-11-01"))
                .isNull();
        assertThat(errors.get(0).message()).isEqualTo("from must be before to");
        errors.clear();
        assertThat(parse("by", "feature", "limit", "0")).isNull();
        assertThat(errors.get(0).message()).contains("limit must be between 1 and 1000");
    }

    @Test
    void productDimensionsAreNotInternalOnesAndTheOtherWayRound() {
        assertThat(parse("usage", "internal", "by", "feature")).isNull();
        assertThat(errors.get(0).pointer()).isEqualTo("by");
        errors.clear();
        assertThat(parse("by", "employee")).isNull();
        assertThat(errors.get(0).pointer()).isEqualTo("by");
    }

    @Test
    void readsRepeatedExclusionsAsDimensionToValues() {
        SpendQuery query = parse(
                "by", "feature",
                "exclude", "feature:onboarding",
                "exclude", "model:gpt-4o",
                "exclude", "feature:search",
                "exclude", "tenant:acme:eu");
        assertThat(errors).isEmpty();
        assertThat(query.exclusions())
                .isEqualTo(Map.of(
                        Dimension.FEATURE, java.util.Set.of("onboarding", "search"),
                        Dimension.MODEL, java.util.Set.of("gpt-4o"),
                        Dimension.TENANT, java.util.Set.of("acme:eu")));
        assertThat(query.excludedByName())
                .containsExactly(
                        Map.entry("model", List.of("gpt-4o")),
                        Map.entry("feature", List.of("onboarding", "search")),
                        Map.entry("tenant", List.of("acme:eu")));
        assertThat(query.filters()).isEmpty();
    }

    @Test
    void aJsonArrayOfExclusionsReadsLikeRepeatedParameters() {
        SpendQuery query = ToolArgumentReaders.spend(
                "ws_1",
                ToolArguments.of(Map.of("by", "model", "exclude", List.of("feature:onboarding", "tenant:acme"))),
                CLOCK);
        assertThat(query.exclusions())
                .isEqualTo(Map.of(
                        Dimension.FEATURE, java.util.Set.of("onboarding"), Dimension.TENANT, java.util.Set.of("acme")));
    }

    @Test
    void refusesMalformedExclusionsEachByName() {
        parse(
                "by", "feature",
                "exclude", "onboarding",
                "exclude", "colour:red",
                "exclude", "model:",
                "exclude", "employee:ann");
        assertThat(errors)
                .extracting(FieldError::pointer, FieldError::message)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "exclude", "must be dimension:value (e.g. feature:onboarding), not 'onboarding'"),
                        org.assertj.core.groups.Tuple.tuple(
                                "exclude",
                                "'colour' is not a dimension of product usage; one of "
                                        + String.join(", ", Dimension.wireNames(UsageKind.PRODUCT))),
                        org.assertj.core.groups.Tuple.tuple("exclude", "model: the value must not be empty"),
                        org.assertj.core.groups.Tuple.tuple(
                                "exclude",
                                "'employee' is not a dimension of product usage; one of "
                                        + String.join(", ", Dimension.wireNames(UsageKind.PRODUCT))));
    }

    @Test
    void refusesExcludingTheFilteredValueAndTooManyReads() {
        parse("by", "model", "feature", "search", "exclude", "feature:search");
        assertThat(errors)
                .extracting(FieldError::message)
                .containsExactly("feature=search is both the filter and excluded, which leaves nothing");
        errors.clear();
        List<String> pairs = new ArrayList<>(List.of("by", "model"));
        for (String d : List.of("feature", "tenant", "agent")) {
            for (int i = 0; i < 4; i++) {
                pairs.add("exclude");
                pairs.add(d + ":v" + i);
            }
        }
        parse(pairs.toArray(String[]::new));
        assertThat(errors)
                .extracting(FieldError::message)
                .singleElement()
                .asString()
                .startsWith("too many exclusions");
        errors.clear();
        // Values excluded on by cost no read, whatever their number.
        List<String> onBy = new ArrayList<>(List.of("by", "model"));
        for (int i = 0; i < 100; i++) {
            onBy.add("exclude");
            onBy.add("model:m" + i);
        }
        assertThat(parse(onBy.toArray(String[]::new)).exclusionReads()).isEqualTo(1);
        assertThat(errors).isEmpty();
    }
}
