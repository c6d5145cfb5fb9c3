package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.TopWasteQuery;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * Reads the overview of a workspace through {@link Queries}, the one read interface: the live
 * figures are one spend report by day, so a poll every second costs one read; the whole page adds
 * the top features, customers and models of the month, the active alerts, the month's waste and
 * its unpriced AI-tool usage.
 */
final class OverviewReader {

    static final int TOP = 5;
    /** Each top list with the dimension its drill-down is broken down by. */
    private static final List<List<Dimension>> TOPS = List.of(
            List.of(Dimension.FEATURE, Dimension.MODEL),
            List.of(Dimension.TENANT, Dimension.FEATURE),
            List.of(Dimension.MODEL, Dimension.FEATURE));

    private final Queries queries;
    private final Clock clock;

    OverviewReader(Queries queries, Clock clock) {
        this.queries = queries;
        this.clock = clock;
    }

    SpendFigures figures(String workspaceId) {
        return figures(workspaceId, clock.instant());
    }

    Overview overview(String workspaceId) {
        Instant now = clock.instant();
        SpendFigures figures = figures(workspaceId, now);
        Instant monthStart = figures.month().atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant end = endOf(now);
        LocalDate today = figures.today();
        List<TopSpend> tops = TOPS.stream()
                .map(pair -> new TopSpend(
                        pair.get(0),
                        pair.get(1),
                        queries.answer(
                                        QueryType.SPEND_BY,
                                        new SpendQuery(
                                                workspaceId,
                                                UsageKind.PRODUCT,
                                                pair.get(0),
                                                monthStart,
                                                end,
                                                Map.of(),
                                                TOP))
                                .rows(),
                        today.withDayOfMonth(1),
                        today))
                .toList();
        return new Overview(
                figures,
                tops,
                queries.answer(QueryType.ACTIVE_ALERTS, ActiveAlertsQuery.all(workspaceId, now)),
                queries.answer(
                        QueryType.TOP_WASTE,
                        new TopWasteQuery(workspaceId, monthStart, end, null, TopWasteQuery.DEFAULT_LIMIT, null, null)),
                unpriced(workspaceId, monthStart, end));
    }

    /**
     * This month's AI-tool usage that had no price (issue #31: a $0.00 is never silent). One read of
     * internal usage by model; its unpriced part covers every row whatever the limit.
     */
    private UnpricedUsage unpriced(String workspaceId, Instant monthStart, Instant end) {
        UnpricedUsage unpriced = queries.answer(
                        QueryType.SPEND_BY,
                        new SpendQuery(
                                workspaceId,
                                UsageKind.INTERNAL,
                                Dimension.INTERNAL_MODEL,
                                monthStart,
                                end,
                                Map.of(),
                                1))
                .unpriced();
        return unpriced == null ? UnpricedUsage.NONE : unpriced;
    }

    private SpendFigures figures(String workspaceId, Instant now) {
        SpendReport days = queries.answer(
                QueryType.SPEND_BY,
                new SpendQuery(
                        workspaceId,
                        UsageKind.PRODUCT,
                        null,
                        TimeGrain.DAY,
                        SpendFigures.from(now),
                        endOf(now),
                        Map.of(),
                        SpendQuery.MAX_LIMIT,
                        SpendMetric.COST,
                        SpendOrder.ASC));
        return SpendFigures.of(days.rows(), days.totals().calls(), now);
    }

    /**
     * The end of the current hour: reports cover whole hours, and this is always after the start of
     * the day and the month, even in their first instant.
     */
    private static Instant endOf(Instant now) {
        return now.truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
    }
}
