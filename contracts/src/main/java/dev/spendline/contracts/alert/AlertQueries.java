package dev.spendline.contracts.alert;

/** The {@code active_alerts} read tool. Implementations: local stores, HTTP, a router. */
public interface AlertQueries {

    /**
     * @throws dev.spendline.contracts.query.QueryUnavailableException when no instance can answer
     *     right now
     */
    ActiveAlertsReport activeAlerts(ActiveAlertsQuery query);
}
