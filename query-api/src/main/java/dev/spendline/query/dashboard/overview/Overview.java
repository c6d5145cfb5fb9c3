package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.waste.TopWasteReport;
import java.util.List;
import org.springframework.web.util.UriComponentsBuilder;

/** Everything the overview shows: the live figures, this month's top values, alerts and waste. */
record Overview(SpendFigures figures, List<TopSpend> tops, ActiveAlertsReport alerts, TopWasteReport waste) {

    /** How many active alerts the overview lists; the alerts view has them all. */
    static final int ALERTS_SHOWN = 3;

    public List<Alert> topAlerts() {
        return alerts.alerts().stream().limit(ALERTS_SHOWN).toList();
    }

    /** The waste view over this month, or of one kind of waste. */
    public String wasteLink(String kind) {
        UriComponentsBuilder uri = UriComponentsBuilder.fromPath("/app/waste")
                .queryParam("from", figures.month().atDay(1).toString())
                .queryParam("to", figures.today().toString());
        if (kind != null) {
            uri.queryParam("kind", kind);
        }
        return uri.encode().build().toUriString();
    }
}
