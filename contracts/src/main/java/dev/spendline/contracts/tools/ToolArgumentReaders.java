package dev.spendline.contracts.tools;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The argument readers of the seven read tools: what their input schemas
 * ({@code docs/schemas/tools/<tool>.input.schema.json}) publish, read the same way for REST, Ask
 * and MCP. Every problem is collected, so one answer lists them all. All times are UTC.
 */
final class ToolArgumentReaders {

    /** The length of the range of {@code spend_by}, {@code top_waste} and {@code savings_recommendations} when left out. */
    static final Duration DEFAULT_RANGE = Duration.ofDays(LastDays.DEFAULT);
    /** The arguments of {@code spend_by} that are not filters; any dimension of the usage is a filter. */
    static final Set<String> SPEND_FIXED =
            Set.of("by", "per", "usage", "from", "to", "limit", "metric", "order", "exclude");
    /** The one argument that may be repeated: each value is {@code dimension:value}. */
    static final String EXCLUDE = "exclude";

    static final Set<String> MARGIN_PARAMETERS = Set.of("from", "to", "limit", "tenant", "feature");
    /** {@code top_waste}'s fixed arguments and, as filters, the dimensions it is broken down by. */
    static final Set<String> WASTE_PARAMETERS = Stream.concat(
                    Stream.of("from", "to", "by", "limit", "kind"),
                    TopWasteQuery.BY.stream().map(Dimension::wireName))
            .collect(Collectors.toUnmodifiableSet());

    static final Set<String> SAVINGS_PARAMETERS =
            Set.of("from", "to", "limit", "kind", "feature", "tenant", "workflow", "model");
    static final Set<String> BUDGET_PARAMETERS = Set.of("asOf", "scope", "value", "name", "state");
    static final Set<String> ALERT_PARAMETERS = Set.of("asOf", "scope", "value", "type", "severity");

    private ToolArgumentReaders() {}

    /**
     * {@code spend_by}: {@code by} (required), {@code usage} (product|internal, default product),
     * {@code from} / {@code to} (a date {@code 2026-11-01} or a date-time with offset; a date
     * {@code to} includes that whole day; default the last 30 days), {@code limit} (default 20; by a
     * period: every period), {@code metric}, {@code order}, any number of filters named like a
     * dimension, e.g. {@code feature=search&tenant=acme}, and any number of exclusions, {@code
     * exclude=feature:onboarding&exclude=model:gpt-4o} (a JSON array in a tool call).
     */
    static SpendQuery spend(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        givenOnceExceptExclude(args, errors);
        UsageKind usage = usage(args, errors);
        Dimension by = null;
        TimeGrain grain = null;
        String byText = args.first("by");
        String byChoices = String.join(", ", Dimension.wireNames(usage)) + ", or a period: day, week, month";
        if (byText == null) {
            errors.add(new FieldError("by", "is required; one of " + byChoices));
        } else {
            by = Dimension.of(usage, byText);
            grain = by == null ? TimeGrain.parse(byText) : null;
            if (by == null && grain == null) {
                errors.add(new FieldError("by", "must be one of " + byChoices + " for " + usage.wireName() + " usage"));
            }
        }
        TimeGrain per = per(args, by, grain, errors);
        Instant[] range = range(args, clock, errors);
        // A report by period lists every period of its range unless a limit says otherwise.
        int limit = limit(args, grain != null ? SpendQuery.MAX_LIMIT : SpendQuery.DEFAULT_LIMIT, errors);
        SpendMetric metric = metric(args, errors);
        SpendOrder order = null;
        if (args.first("order") != null) {
            order = SpendOrder.parse(args.first("order"));
            if (order == null) {
                errors.add(new FieldError("order", "must be desc or asc"));
            }
        }
        Map<Dimension, String> filters = filters(args, usage, SPEND_FIXED, errors);
        Map<Dimension, Set<String>> exclusions = exclusions(args, usage, errors);
        failIfAny(errors);
        SpendQuery query = new SpendQuery(
                workspaceId, usage, by, grain, range[0], range[1], filters, limit, metric, order, exclusions, per);
        query.problems().forEach(problem -> errors.add(new FieldError("", problem)));
        failIfAny(errors);
        return query;
    }

    /**
     * {@code per}, the second grouping of {@code spend_by}: a period (hour, day, week, month) beside
     * a dimension {@code by}; null when left out or refused.
     */
    static TimeGrain per(ToolArguments args, Dimension by, TimeGrain byGrain, List<FieldError> errors) {
        String text = args.first("per");
        if (text == null) {
            return null;
        }
        TimeGrain per = TimeGrain.parse(text);
        if (per == null) {
            errors.add(new FieldError("per", "must be a period: hour, day, week or month, not '" + text + "'"));
        } else if (byGrain != null) {
            errors.add(new FieldError(
                    "per",
                    "needs by to be a dimension (e.g. by=model&per=" + per.wireName() + "), not the period "
                            + byGrain.wireName()));
            return null;
        } else if (by == null) {
            // by missing or unknown: that is reported on by.
            return null;
        }
        return per;
    }

    /** {@code usage}: product (the default) or internal. */
    static UsageKind usage(ToolArguments args, List<FieldError> errors) {
        String text = args.first("usage");
        UsageKind usage = text == null ? UsageKind.PRODUCT : UsageKind.parse(text);
        if (usage == null) {
            errors.add(new FieldError("usage", "must be product or internal"));
            return UsageKind.PRODUCT;
        }
        return usage;
    }

    /** {@code metric}: cost (the default) or another {@link SpendMetric}. */
    static SpendMetric metric(ToolArguments args, List<FieldError> errors) {
        String text = args.first("metric");
        if (text == null) {
            return SpendMetric.COST;
        }
        SpendMetric metric = SpendMetric.parse(text);
        if (metric == null) {
            errors.add(new FieldError("metric", "must be one of " + String.join(", ", SpendMetric.wireNames())));
            return SpendMetric.COST;
        }
        return metric;
    }

    /**
     * {@code exclude}, any number of times: {@code dimension:value} (split at the first colon, so a
     * value may hold colons), the dimension one of {@code usage}'s.
     */
    static Map<Dimension, Set<String>> exclusions(ToolArguments args, UsageKind usage, List<FieldError> errors) {
        Map<Dimension, Set<String>> exclusions = new EnumMap<>(Dimension.class);
        for (String text : args.all(EXCLUDE)) {
            int colon = text.indexOf(':');
            Dimension dimension = colon < 0
                    ? null
                    : Dimension.of(usage, text.substring(0, colon).trim());
            if (colon < 0) {
                errors.add(new FieldError(
                        EXCLUDE, "must be dimension:value (e.g. feature:onboarding), not '" + text + "'"));
            } else if (dimension == null) {
                errors.add(new FieldError(
                        EXCLUDE,
                        "'" + text.substring(0, colon) + "' is not a dimension of " + usage.wireName()
                                + " usage; one of " + String.join(", ", Dimension.wireNames(usage))));
            } else if (text.substring(colon + 1).isEmpty()) {
                errors.add(new FieldError(EXCLUDE, dimension.wireName() + ": the value must not be empty"));
            } else {
                exclusions
                        .computeIfAbsent(dimension, d -> new java.util.TreeSet<>())
                        .add(text.substring(colon + 1));
            }
        }
        return exclusions;
    }

    /**
     * Every name that is not one of {@code fixed} as a filter: a dimension of {@code usage} with a
     * non-empty value; a dimension of the other usage or an unknown name is refused by name.
     */
    static Map<Dimension, String> filters(
            ToolArguments args, UsageKind usage, Set<String> fixed, List<FieldError> errors) {
        Map<Dimension, String> filters = new EnumMap<>(Dimension.class);
        for (String name : args.names()) {
            if (fixed.contains(name)) {
                continue;
            }
            Dimension filter = Dimension.of(usage, name);
            String value = args.first(name);
            UsageKind other = usage == UsageKind.PRODUCT ? UsageKind.INTERNAL : UsageKind.PRODUCT;
            if (filter == null && Dimension.of(other, name) != null) {
                errors.add(new FieldError(
                        name, "is a filter of " + other.wireName() + " usage, not of " + usage.wireName() + " usage"));
            } else if (filter == null) {
                errors.add(new FieldError(name, "is not a known parameter"));
            } else if (value.isEmpty()) {
                errors.add(new FieldError(name, "must not be empty"));
            } else {
                filters.put(filter, value);
            }
        }
        return filters;
    }

    /**
     * {@code margin_by_customer} and {@code margin_by_feature}: {@code from} and {@code to} as
     * calendar months {@code YYYY-MM}, both included; {@code to} defaults to the current month and
     * {@code from} to {@code to}; {@code limit} (default 50); filters {@code tenant} and
     * {@code feature}.
     */
    static MarginQuery margin(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        onlyOnce(args, MARGIN_PARAMETERS, errors);
        // The clock is read only for a default (Ask's calls carry every argument and no clock).
        YearMonth to = args.first("to") == null
                ? YearMonth.now(clock.withZone(ZoneOffset.UTC))
                : month(args.first("to"), "to", null, errors);
        YearMonth from = month(args.first("from"), "from", to, errors);
        int limit = limit(args, MarginQuery.DEFAULT_LIMIT, errors);
        String tenant = filter(args, "tenant", errors);
        String feature = filter(args, "feature", errors);
        failIfAny(errors);
        MarginQuery query = new MarginQuery(workspaceId, from, to, limit, tenant, feature);
        return checked(query, query.problems(), errors);
    }

    /**
     * {@code top_waste}: waste by kind, or with {@code by} (feature, model, provider, tenant, agent,
     * workflow) by kind and value; {@code from} / {@code to} as for spend; {@code limit} (default
     * 20); filters {@code kind} and one dimension named like it ({@code feature=search}), which
     * needs {@code by} left out or the same dimension, and then is {@code by}.
     */
    static TopWasteQuery waste(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        onlyOnce(args, WASTE_PARAMETERS, errors);
        Dimension by = null;
        String byText = args.first("by");
        if (byText != null) {
            by = Dimension.of(UsageKind.PRODUCT, byText);
            if (by == null || !TopWasteQuery.BY.contains(by)) {
                errors.add(new FieldError("by", "must be one of feature, model, provider, tenant, agent, workflow"));
                by = null;
            }
        }
        Instant[] range = range(args, clock, errors);
        int limit = limit(args, TopWasteQuery.DEFAULT_LIMIT, errors);
        WasteKind kind = oneOf(args, "kind", WasteKind.class, errors);
        Dimension filtered = null;
        String value = null;
        for (Dimension d : TopWasteQuery.BY) {
            String text = filter(args, d.wireName(), errors);
            if (text == null) {
                continue;
            }
            if (filtered != null) {
                errors.add(new FieldError(
                        d.wireName(),
                        "cannot be combined with the " + filtered.wireName()
                                + " filter: waste is rolled up by kind and one dimension, so one dimension"
                                + " filter at a time"));
            } else if (by != null && by != d) {
                errors.add(new FieldError(
                        d.wireName(),
                        "needs by left out or by=" + d.wireName() + ", not by=" + by.wireName()
                                + ": waste is rolled up by kind and one dimension, so the filter must be on by"));
            } else {
                filtered = d;
                value = text;
            }
        }
        failIfAny(errors);
        TopWasteQuery query = new TopWasteQuery(
                workspaceId, range[0], range[1], filtered != null ? filtered : by, limit, kind, value);
        return checked(query, query.problems(), errors);
    }

    /**
     * {@code savings_recommendations}: {@code from} / {@code to} as for spend; {@code limit}
     * (default 10); filters {@code kind}, {@code feature}, {@code tenant}, {@code workflow} and
     * {@code model}.
     */
    static SavingsQuery savings(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        onlyOnce(args, SAVINGS_PARAMETERS, errors);
        Instant[] range = range(args, clock, errors);
        int limit = limit(args, SavingsQuery.DEFAULT_LIMIT, errors);
        RecommendationKind kind = oneOf(args, "kind", RecommendationKind.class, errors);
        String feature = filter(args, "feature", errors);
        String tenant = filter(args, "tenant", errors);
        String workflow = filter(args, "workflow", errors);
        String model = filter(args, "model", errors);
        failIfAny(errors);
        SavingsQuery query =
                new SavingsQuery(workspaceId, range[0], range[1], limit, kind, feature, tenant, workflow, model);
        return checked(query, query.problems(), errors);
    }

    /**
     * {@code budget_status}: optional {@code asOf}, an ISO instant, now when left out; filters
     * {@code scope}, {@code value} (needs a scope with values), {@code name} and {@code state}.
     */
    static BudgetStatusQuery budgetStatus(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        onlyOnce(args, BUDGET_PARAMETERS, errors);
        Instant asOf = asOf(args, clock, errors);
        BudgetScope scope = oneOf(args, "scope", BudgetScope.class, errors);
        String value = scopeValue(args, scope, errors);
        String name = filter(args, "name", errors);
        BudgetState state = oneOf(args, "state", BudgetState.class, errors);
        failIfAny(errors);
        return new BudgetStatusQuery(workspaceId, asOf, scope, value, name, state);
    }

    /**
     * {@code active_alerts}: optional {@code asOf}, an ISO instant, now when left out; filters
     * {@code scope}, {@code value} (needs a scope with values), {@code type} and {@code severity}.
     */
    static ActiveAlertsQuery activeAlerts(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        onlyOnce(args, ALERT_PARAMETERS, errors);
        Instant asOf = asOf(args, clock, errors);
        BudgetScope scope = oneOf(args, "scope", BudgetScope.class, errors);
        String value = scopeValue(args, scope, errors);
        AlertType type = oneOf(args, "type", AlertType.class, errors);
        AlertSeverity severity = oneOf(args, "severity", AlertSeverity.class, errors);
        failIfAny(errors);
        return new ActiveAlertsQuery(workspaceId, asOf, scope, value, type, severity);
    }

    private static Instant asOf(ToolArguments args, Clock clock, List<FieldError> errors) {
        String text = args.first("asOf");
        if (text == null) {
            return clock.instant();
        }
        try {
            Instant asOf = Instant.parse(text);
            // Periods and forecasts are computed around it: far outside the calendar they overflow.
            if (asOf.isBefore(EARLIEST_INSTANT) || asOf.isAfter(LATEST_AS_OF)) {
                errors.add(new FieldError("asOf", "must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z"));
                return null;
            }
            return asOf;
        } catch (DateTimeParseException e) {
            errors.add(new FieldError("asOf", "must be an ISO instant like 2026-11-15T12:00:00Z"));
            return null;
        }
    }

    /** The first instant any date argument may name: no event is dated before the epoch. */
    private static final Instant EARLIEST_INSTANT = Instant.EPOCH;

    private static final Instant LATEST_AS_OF = Instant.parse("9999-12-31T23:59:59Z");

    /** A filter's value as given (matched exactly); null when left out; refused when empty. */
    private static String filter(ToolArguments args, String name, List<FieldError> errors) {
        String text = args.first(name);
        if (text != null && text.isEmpty()) {
            errors.add(new FieldError(name, "must not be empty"));
            return null;
        }
        return text;
    }

    /** A constant of {@code type} named in any case; null when left out or unknown (then an error). */
    private static <E extends Enum<E>> E oneOf(
            ToolArguments args, String name, Class<E> type, List<FieldError> errors) {
        String text = args.first(name);
        if (text == null) {
            return null;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(text)) {
                return constant;
            }
        }
        errors.add(new FieldError(
                name,
                "must be one of "
                        + String.join(
                                ", ",
                                Arrays.stream(type.getEnumConstants())
                                        .map(Enum::name)
                                        .toList())));
        return null;
    }

    /** {@code value}: the value of {@code scope} (null when that was refused), which it needs. */
    private static String scopeValue(ToolArguments args, BudgetScope scope, List<FieldError> errors) {
        String value = filter(args, "value", errors);
        if (value == null) {
            return null;
        }
        if (args.first("scope") == null) {
            errors.add(new FieldError(
                    "value", "needs scope, the scope it is a value of (e.g. scope=FEATURE&value=search)"));
        } else if (scope == BudgetScope.WORKSPACE) {
            errors.add(new FieldError("value", "must be left out for scope WORKSPACE, which has no value"));
        }
        return value;
    }

    /** Refuses every name given more than once, except {@code exclude}, which repeats (spend_by, compare). */
    static void givenOnceExceptExclude(ToolArguments args, List<FieldError> errors) {
        for (String name : args.names()) {
            if (args.count(name) > 1 && !name.equals(EXCLUDE)) {
                errors.add(new FieldError(name, "must be given once"));
            }
        }
    }

    /** Refuses names outside {@code allowed} (naming them) and names given more than once. */
    private static void onlyOnce(ToolArguments args, Set<String> allowed, List<FieldError> errors) {
        String names = String.join(", ", allowed.stream().sorted().toList());
        for (String name : args.names()) {
            if (!allowed.contains(name)) {
                errors.add(new FieldError(name, "is not a parameter; use " + names));
            } else if (args.count(name) > 1) {
                errors.add(new FieldError(name, "must be given once"));
            }
        }
    }

    /**
     * {@code [from, to)}: dates ({@code to} included) or date-times. By default the last 30 days,
     * today included ({@link LastDays}); without {@code to}, to the end of today; without {@code
     * from}, 30 days before {@code to}.
     */
    static Instant[] range(ToolArguments args, Clock clock, List<FieldError> errors) {
        Instant to = instant(args.first("to"), "to", true, errors);
        Instant from = instant(args.first("from"), "from", false, errors);
        if (to == null && args.first("to") == null) {
            to = LastDays.endOfToday(clock);
        }
        if (from == null && args.first("from") == null && to != null) {
            from = to.minus(DEFAULT_RANGE);
        }
        return new Instant[] {from, to};
    }

    static Instant instant(String text, String name, boolean endOfDay, List<FieldError> errors) {
        if (text == null) {
            return null;
        }
        Instant instant;
        try {
            if (text.length() == 10) {
                LocalDate date = LocalDate.parse(text);
                instant = (endOfDay ? date.plusDays(1) : date).atStartOfDay().toInstant(ZoneOffset.UTC);
            } else {
                instant = OffsetDateTime.parse(text).toInstant();
            }
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(
                    name, "must be a date (2026-11-01) or a date-time with offset (2026-11-01T00:00:00Z)"));
            return null;
        }
        // Ranges are moved (the default from, a comparison's base period) and read as epoch
        // milliseconds: far outside the calendar that overflows, and no event is dated there.
        if (instant.isBefore(EARLIEST_INSTANT) || instant.isAfter(LATEST_DATE)) {
            errors.add(new FieldError(name, "must be between 1970-01-01 and 9999-12-31"));
            return null;
        }
        return instant;
    }

    /** The end of the last day a range may name (a to given as the date 9999-12-31 is read as its end). */
    private static final Instant LATEST_DATE = Instant.parse("+10000-01-01T00:00:00Z");

    static YearMonth month(String text, String name, YearMonth fallback, List<FieldError> errors) {
        if (text == null) {
            return fallback;
        }
        YearMonth month;
        try {
            month = YearMonth.parse(text);
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(name, "must be a calendar month like 2026-11"));
            return fallback;
        }
        // The same calendar as dates: a base period is moved back from it by whole months.
        if (month.getYear() < 1970 || month.getYear() > 9999) {
            errors.add(new FieldError(name, "must be between 1970-01 and 9999-12"));
            return fallback;
        }
        return month;
    }

    static int limit(ToolArguments args, int defaultLimit, List<FieldError> errors) {
        String text = args.first("limit");
        if (text == null) {
            return defaultLimit;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            errors.add(new FieldError("limit", "must be a whole number"));
            return defaultLimit;
        }
    }

    /** The query, or every problem of it named by {@code limit} or else {@code from}. */
    private static <Q> Q checked(Q query, List<String> problems, List<FieldError> errors) {
        Function<String, String> pointer = p -> p.startsWith("limit") ? "limit" : "from";
        problems.forEach(p -> errors.add(new FieldError(pointer.apply(p), p)));
        failIfAny(errors);
        return query;
    }

    static void failIfAny(List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw new InvalidArgumentsException(errors);
        }
    }
}
