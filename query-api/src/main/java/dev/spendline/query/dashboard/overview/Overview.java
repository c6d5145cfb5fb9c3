package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.query.dashboard.QueryLinks;
import java.util.List;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * Everything the overview shows: the live figures, this month's top values, alerts and waste, and
 * this month's internal usage that had no price (never null; {@code calls} 0 when all was priced).
 */
record Overview(
        SpendFigures figures,
        List<TopSpend> tops,
        ActiveAlertsReport alerts,
        TopWasteReport waste,
        UnpricedUsage unpriced) {

    /** How many active alerts the overview lists; the alerts view has them all. */
    static final int ALERTS_SHOWN = 3;

    public List<Alert> topAlerts() {
        return alerts.alerts().stream().limit(ALERTS_SHOWN).toList();
    }

    /** The waste view over this month, or of one kind of waste. */
    public String wasteLink(String kind) {
        MultiValueMap<String, String> parameters = new LinkedMultiValueMap<>();
        parameters.add("from", figures.month().atDay(1).toString());
        parameters.add("to", figures.today().toString());
        if (kind != null) {
            parameters.add("kind", kind);
        }
        return QueryLinks.of("/app/waste", parameters);
    }
}
