package dev.spendline.contracts.tools;

import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The argument reader of {@code compare} ({@code docs/schemas/tools/compare.input.schema.json}):
 * the spend or margin report's own arguments, plus the base period. A spend comparison leaves
 * values out as {@code spend_by} does ({@code exclude=dimension:value}, repeatable), in both
 * periods. Every problem is collected.
 */
final class CompareArguments {

    /** The names that are not filters; any dimension of the usage is a filter of a spend comparison. */
    static final Set<String> FIXED =
            Set.of("report", "by", "usage", "from", "to", "baseFrom", "baseTo", "limit", "metric", "exclude");

    private static final Set<String> MARGIN =
            Set.of("report", "from", "to", "baseFrom", "baseTo", "limit", "tenant", "feature");

    private CompareArguments() {}

    static CompareQuery read(String workspaceId, ToolArguments args, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        ToolArgumentReaders.givenOnceExceptExclude(args, errors);
        CompareSubject subject = CompareSubject.SPEND;
        if (args.first("report") != null) {
            subject = CompareSubject.parse(args.first("report"));
            if (subject == null) {
                errors.add(new FieldError("report", "must be spend, margin_by_customer or margin_by_feature"));
                subject = CompareSubject.SPEND;
            }
        }
        if ((args.first("baseFrom") == null) != (args.first("baseTo") == null)) {
            errors.add(new FieldError(
                    args.first("baseFrom") == null ? "baseFrom" : "baseTo",
                    "baseFrom and baseTo are given together (or neither: the period of the same length before from)"));
        }
        int limit = ToolArgumentReaders.limit(args, CompareQuery.DEFAULT_LIMIT, errors);
        CompareQuery query = subject == CompareSubject.SPEND
                ? spend(workspaceId, args, clock, limit, errors)
                : margin(workspaceId, subject, args, clock, limit, errors);
        ToolArgumentReaders.failIfAny(errors);
        query.problems().forEach(p -> errors.add(new FieldError(p.startsWith("limit") ? "limit" : "", p)));
        ToolArgumentReaders.failIfAny(errors);
        return query;
    }

    private static CompareQuery spend(
            String workspaceId, ToolArguments args, Clock clock, int limit, List<FieldError> errors) {
        UsageKind usage = ToolArgumentReaders.usage(args, errors);
        Dimension by = null;
        if (args.first("by") != null) {
            by = Dimension.of(usage, args.first("by"));
            if (by == null) {
                errors.add(new FieldError(
                        "by",
                        "must be one of " + String.join(", ", Dimension.wireNames(usage)) + " for " + usage.wireName()
                                + " usage (periods are compared with from/to and baseFrom/baseTo)"));
            }
        }
        SpendMetric metric = ToolArgumentReaders.metric(args, errors);
        Map<Dimension, String> filters = ToolArgumentReaders.filters(args, usage, FIXED, errors);
        Map<Dimension, Set<String>> exclusions = ToolArgumentReaders.exclusions(args, usage, errors);
        Instant[] current = args.first("from") == null && args.first("to") == null
                ? lastWholeDays(clock)
                : ToolArgumentReaders.range(args, clock, errors);
        Instant[] base = {
            ToolArgumentReaders.instant(args.first("baseFrom"), "baseFrom", false, errors),
            ToolArgumentReaders.instant(args.first("baseTo"), "baseTo", true, errors)
        };
        if (base[0] == null && base[1] == null && current[0] != null && current[1] != null) {
            Duration length = Duration.between(current[0], current[1]);
            base = new Instant[] {current[0].minus(length), current[0]};
        }
        // Without a grouping, only totals are compared: the reports are by month, whose totals are exact.
        TimeGrain grain = by == null ? TimeGrain.MONTH : null;
        return new CompareQuery(
                workspaceId,
                CompareSubject.SPEND,
                new SpendQuery(
                        workspaceId,
                        usage,
                        by,
                        grain,
                        current[0],
                        current[1],
                        filters,
                        SpendQuery.MAX_LIMIT,
                        metric,
                        null),
                new SpendQuery(
                        workspaceId, usage, by, grain, base[0], base[1], filters, SpendQuery.MAX_LIMIT, metric, null),
                null,
                null,
                limit,
                exclusions);
    }

    /**
     * The default current period: the last 30 whole days, up to the start of today (UTC), {@link
     * LastDays#beforeToday}. Edges at midnight keep the base (the 30 days before) exactly adjacent:
     * an edge inside an older day is read as that whole day, so "now minus 30 days" made both
     * periods hold that day. Today so far is left out because a part of a day is not like the whole
     * days it would be set against.
     */
    private static Instant[] lastWholeDays(Clock clock) {
        LastDays days = LastDays.beforeToday(clock);
        return new Instant[] {days.from(), days.to()};
    }

    private static CompareQuery margin(
            String workspaceId,
            CompareSubject subject,
            ToolArguments args,
            Clock clock,
            int limit,
            List<FieldError> errors) {
        for (String name : args.names()) {
            if (!MARGIN.contains(name)) {
                errors.add(new FieldError(
                        name,
                        "is not a parameter of a margin comparison; use from, to, baseFrom,"
                                + " baseTo (YYYY-MM), limit, tenant and feature"));
            } else if (args.first(name).isEmpty()) {
                errors.add(new FieldError(name, "must not be empty"));
            }
        }
        YearMonth to = args.first("to") == null
                ? YearMonth.now(clock.withZone(ZoneOffset.UTC))
                : ToolArgumentReaders.month(args.first("to"), "to", null, errors);
        YearMonth from = ToolArgumentReaders.month(args.first("from"), "from", to, errors);
        YearMonth baseFrom = ToolArgumentReaders.month(args.first("baseFrom"), "baseFrom", null, errors);
        YearMonth baseTo = ToolArgumentReaders.month(args.first("baseTo"), "baseTo", null, errors);
        if (baseFrom == null && baseTo == null && from != null && to != null) {
            long months = ChronoUnit.MONTHS.between(from, to) + 1;
            baseTo = from.minusMonths(1);
            baseFrom = from.minusMonths(months);
        }
        return new CompareQuery(
                workspaceId,
                subject,
                null,
                null,
                new MarginQuery(
                        workspaceId, from, to, MarginQuery.MAX_LIMIT, args.first("tenant"), args.first("feature")),
                new MarginQuery(
                        workspaceId,
                        baseFrom,
                        baseTo,
                        MarginQuery.MAX_LIMIT,
                        args.first("tenant"),
                        args.first("feature")),
                limit);
    }
}
