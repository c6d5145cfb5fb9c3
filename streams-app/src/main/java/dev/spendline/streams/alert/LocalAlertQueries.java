package dev.spendline.streams.alert;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.SnoozedAlert;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Answers {@code active_alerts} from this instance's alert and snooze stores; the filters of
 * {@link ActiveAlertsQuery} apply to active and snoozed alerts alike.
 */
public final class LocalAlertQueries {

    /** Most severe first, then the most recently changed, then by id for a stable order. */
    static final Comparator<Alert> ORDER = Comparator.comparing(Alert::severity, Comparator.reverseOrder())
            .thenComparing(Alert::updatedAt, Comparator.reverseOrder())
            .thenComparing(Alert::id);

    private final Function<String, ReadOnlyKeyValueStore<String, Alert>> alerts;
    private final Function<String, ReadOnlyKeyValueStore<String, AlertSnooze>> snoozes;

    /** Both functions map a workspace id to the local store that holds it. */
    public LocalAlertQueries(
            Function<String, ReadOnlyKeyValueStore<String, Alert>> alerts,
            Function<String, ReadOnlyKeyValueStore<String, AlertSnooze>> snoozes) {
        this.alerts = alerts;
        this.snoozes = snoozes;
    }

    public ActiveAlertsReport activeAlerts(ActiveAlertsQuery query) {
        String ws = query.workspaceId();
        ReadOnlyKeyValueStore<String, AlertSnooze> snoozeStore = snoozes.apply(ws);
        List<Alert> active = new ArrayList<>();
        List<SnoozedAlert> snoozed = new ArrayList<>();
        // A workspace's keys are contiguous: ws \0 id, and \1 sorts right after \0.
        try (KeyValueIterator<String, Alert> it = alerts.apply(ws).range(ws + '\u0000', ws + '\u0001')) {
            while (it.hasNext()) {
                Alert alert = it.next().value;
                if (alert.status() != AlertStatus.OPEN || !query.matches(alert)) {
                    continue;
                }
                AlertSnooze snooze = snoozeStore.get(alert.key());
                if (snooze != null && snooze.until().isAfter(query.asOf())) {
                    snoozed.add(new SnoozedAlert(alert, snooze.until(), snooze.reason(), snooze.createdBy()));
                } else {
                    active.add(alert);
                }
            }
        }
        active.sort(ORDER);
        snoozed.sort(Comparator.comparing(SnoozedAlert::alert, ORDER));
        return new ActiveAlertsReport(ws, query.asOf(), List.copyOf(active), List.copyOf(snoozed));
    }
}
