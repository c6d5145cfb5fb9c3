package dev.spendline.query.settings.web;

import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.Comparator;
import java.util.List;

/**
 * The revenue stored for a workspace's tenants in one month, as the settings page lists it.
 *
 * <p>There is no query of revenue rows as such: they live in the topology's revenue store, which
 * only margins read. So this reads the one-month customer margin report, which carries each
 * customer's revenue exactly (in nanodollars, as stored). A customer appears with revenue above
 * zero, or with zero and no AI cost (only an entered row puts such a customer in the report); a
 * zero entered for a customer that has AI cost is indistinguishable from no entry, as on the margin
 * page. At most {@link MarginQuery#MAX_LIMIT} customers a month.
 */
final class RevenueTable {

    /** One stored row. */
    record Row(String tenantId, YearMonth month, BigDecimal amountUsd) {}

    private final Queries queries;

    RevenueTable(Queries queries) {
        this.queries = queries;
    }

    List<Row> month(String workspaceId, YearMonth month) {
        CustomerMarginReport report = queries.answer(
                QueryType.MARGIN_BY_CUSTOMER,
                new MarginQuery(workspaceId, month, month, MarginQuery.MAX_LIMIT, null, null));
        return report.rows().stream()
                .filter(RevenueTable::hasEnteredRevenue)
                .map(c -> new Row(c.tenantId(), month, c.revenueUsd()))
                .sorted(Comparator.comparing(Row::tenantId))
                .toList();
    }

    private static boolean hasEnteredRevenue(CustomerMargin customer) {
        return customer.revenueUsd() != null && (customer.revenueUsd().signum() > 0 || customer.calls() == 0);
    }
}
