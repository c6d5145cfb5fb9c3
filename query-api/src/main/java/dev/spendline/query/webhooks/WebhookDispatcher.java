package dev.spendline.query.webhooks;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.SnoozedAlert;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.controlplane.webhooks.WebhookAttempt;
import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns an alert change (or a snooze) into one message per enabled endpoint of its workspace that wants
 * it, and queues each in that endpoint's {@link EndpointLane}. Changes older than an endpoint are not
 * sent to it (a new endpoint does not receive the history the worker happens to read).
 */
final class WebhookDispatcher {

    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

    private final WebhookEndpointRepository repository;
    private final Queries queries;
    private final Clock clock;
    private final Supplier<String> dashboardUrl;
    private final EndpointLane.Context laneContext;
    private final Map<String, EndpointLane> lanes = new ConcurrentHashMap<>();

    WebhookDispatcher(
            WebhookEndpointRepository repository,
            Queries queries,
            Clock clock,
            Supplier<String> dashboardUrl,
            EndpointLane.Context laneContext) {
        this.repository = repository;
        this.queries = queries;
        this.clock = clock;
        this.dashboardUrl = dashboardUrl;
        this.laneContext = laneContext;
    }

    /** Queues the change for every endpoint that wants it; {@code done} runs once all are finished with. */
    void alertChanged(Alert alert, Runnable done) {
        dispatch(
                alert,
                alert.updatedAt(),
                endpoint -> WebhookPayloads.alertChange(endpoint.id(), alert, dashboardUrl.get()),
                done);
    }

    /** A snooze of an open alert; the alert is read from {@code active_alerts} to say what was snoozed. */
    void snoozed(AlertSnooze snooze, Runnable done) {
        Optional<Alert> alert;
        try {
            ActiveAlertsReport report = queries.answer(
                    QueryType.ACTIVE_ALERTS, ActiveAlertsQuery.all(snooze.workspaceId(), clock.instant()));
            alert = Stream.concat(
                            report.alerts().stream(), report.snoozed().stream().map(SnoozedAlert::alert))
                    .filter(a -> a.id().equals(snooze.alertId()))
                    .findFirst();
        } catch (RuntimeException e) {
            log.warn("Snooze of alert {} not sent to webhooks: the alert could not be read", snooze.alertId(), e);
            alert = Optional.empty();
        }
        if (alert.isEmpty()) {
            done.run(); // resolved since, or unreadable: nothing to announce
            return;
        }
        Alert snoozed = alert.get();
        dispatch(
                snoozed,
                snooze.createdAt(),
                endpoint -> WebhookPayloads.snoozed(endpoint.id(), snoozed, snooze, dashboardUrl.get()),
                done);
    }

    private void dispatch(
            Alert alert,
            java.time.Instant changedAt,
            Function<WebhookEndpoint, WebhookMessage> message,
            Runnable done) {
        List<WebhookEndpoint> targets = repository.listForWorkspace(alert.workspaceId()).stream()
                .filter(WebhookEndpoint::enabled)
                .filter(e -> e.wants(String.valueOf(alert.type()), String.valueOf(alert.severity())))
                .filter(e -> changedAt == null || !changedAt.isBefore(e.createdAt()))
                .toList();
        if (targets.isEmpty()) {
            done.run();
            return;
        }
        AtomicInteger remaining = new AtomicInteger(targets.size());
        Runnable oneDone = () -> {
            if (remaining.decrementAndGet() == 0) {
                done.run();
            }
        };
        for (WebhookEndpoint endpoint : targets) {
            WebhookMessage m = message.apply(endpoint);
            EndpointLane lane = lanes.computeIfAbsent(endpoint.id(), id -> new EndpointLane(id, laneContext));
            if (!lane.offer(new EndpointLane.Pending(m, oneDone))) {
                log.warn(
                        "Webhook {}: {} messages are waiting; {} dropped",
                        endpoint.id(),
                        laneContext.capacity(),
                        m.webhookId());
                repository.recordAttempt(new WebhookAttempt(
                        endpoint.id(),
                        m.webhookId(),
                        m.eventType(),
                        clock.instant(),
                        0,
                        null,
                        "dropped",
                        0,
                        laneContext.capacity() + " messages were already waiting for this endpoint"));
                oneDone.run();
            }
        }
    }
}
