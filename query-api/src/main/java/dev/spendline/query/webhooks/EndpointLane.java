package dev.spendline.query.webhooks;

import dev.spendline.controlplane.webhooks.WebhookAttempt;
import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The messages waiting for one endpoint, sent one at a time in the order they came (a retried message
 * holds back the ones after it, so a receiver sees an alert's changes in order). Bounded: when {@code
 * capacity} messages wait, a new one is dropped and logged instead of holding up the worker. Nothing here
 * blocks a thread while a receiver thinks or while a retry waits, so a slow endpoint delays only itself.
 *
 * <p>Every attempt reads the endpoint again, so a deletion, a disable or a rotation takes effect at the
 * next attempt. A run of failures that lasts {@code disableAfter} disables the endpoint with a notice.
 */
final class EndpointLane {

    private static final Logger log = LoggerFactory.getLogger(EndpointLane.class);

    /** A message and what to call once it is finished with (delivered, given up or dropped). */
    record Pending(WebhookMessage message, Runnable done) {}

    /** What every lane shares. */
    record Context(
            WebhookEndpointRepository repository,
            WebhookSender sender,
            BackoffPolicy backoff,
            Duration disableAfter,
            int capacity,
            Clock clock,
            ScheduledExecutorService timer,
            Executor workers) {}

    private final String endpointId;
    private final Context context;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private boolean busy;
    private int attempts;
    private Instant firstAttemptAt;

    EndpointLane(String endpointId, Context context) {
        this.endpointId = endpointId;
        this.context = context;
    }

    /** Queues the message; false (nothing queued) when the lane is full. */
    boolean offer(Pending pending) {
        synchronized (this) {
            if (queue.size() >= context.capacity()) {
                return false;
            }
            queue.add(pending);
            if (busy) {
                return true;
            }
            busy = true;
        }
        context.workers().execute(this::attemptHead);
        return true;
    }

    synchronized int waiting() {
        return queue.size();
    }

    private void attemptHead() {
        Pending head;
        synchronized (this) {
            head = queue.peek();
            if (head == null) {
                busy = false;
                return;
            }
        }
        try {
            Optional<WebhookEndpoint> endpoint = context.repository().findForDelivery(endpointId);
            if (endpoint.isEmpty() || !endpoint.get().enabled()) {
                drop();
                return;
            }
            int attempt;
            synchronized (this) {
                attempt = ++attempts;
                if (attempt == 1) {
                    firstAttemptAt = context.clock().instant();
                }
            }
            Instant at = context.clock().instant();
            context.sender().send(endpoint.get(), head.message()).whenComplete((result, error) -> context.workers()
                    .execute(() -> {
                        AttemptResult r = error == null
                                ? result
                                : new AttemptResult(
                                        AttemptResult.Verdict.RETRY, null, Duration.ZERO, null, String.valueOf(error));
                        handle(endpoint.get(), head, attempt, at, r);
                    }));
        } catch (RuntimeException e) {
            // The database or a secret that does not decrypt: try again later rather than lose the message.
            log.warn("Webhook {}: cannot attempt delivery now", endpointId, e);
            context.timer().schedule(() -> context.workers().execute(this::attemptHead), 5, TimeUnit.SECONDS);
        }
    }

    private void handle(WebhookEndpoint endpoint, Pending head, int attempt, Instant at, AttemptResult result) {
        try {
            Instant now = context.clock().instant();
            String type = head.message().eventType();
            String id = head.message().webhookId();
            long latency = result.latency().toMillis();
            if (result.verdict() == AttemptResult.Verdict.DELIVERED) {
                context.repository().clearFailing(endpointId);
                record(id, type, at, attempt, result, "delivered", latency);
                finishHead();
                return;
            }
            context.repository().markFailing(endpointId, at);
            Instant failingSince = endpoint.failingSince() == null ? at : endpoint.failingSince();
            if (Duration.between(failingSince, now).compareTo(context.disableAfter()) >= 0) {
                String reason = "Every delivery failed for " + human(context.disableAfter()) + " (last: "
                        + result.detail() + ").";
                record(id, type, at, attempt, result, "gave_up", latency);
                if (context.repository().disable(endpointId, now, reason)) {
                    log.warn("Webhook {} of workspace {} disabled: {}", endpointId, endpoint.workspaceId(), reason);
                }
                drop();
                return;
            }
            if (result.verdict() == AttemptResult.Verdict.FAILED) {
                record(id, type, at, attempt, result, "failed", latency);
                finishHead();
                return;
            }
            Duration delay = context.backoff().delayAfter(attempt, result.retryAfter());
            if (!context.backoff().retriesWithin(Duration.between(firstAttemptAt, now), delay)) {
                record(id, type, at, attempt, result, "gave_up", latency);
                finishHead();
                return;
            }
            record(id, type, at, attempt, result, "retrying", latency);
            context.timer()
                    .schedule(
                            () -> context.workers().execute(this::attemptHead),
                            delay.toMillis(),
                            TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            log.warn("Webhook {}: cannot record an attempt; trying the message again", endpointId, e);
            context.timer().schedule(() -> context.workers().execute(this::attemptHead), 5, TimeUnit.SECONDS);
        }
    }

    private void record(
            String id, String type, Instant at, int attempt, AttemptResult result, String outcome, long latency) {
        context.repository()
                .recordAttempt(new WebhookAttempt(
                        endpointId, id, type, at, attempt, result.status(), outcome, latency, result.detail()));
    }

    /** The head is finished with: the next message, if any, goes now. */
    private void finishHead() {
        Pending head;
        synchronized (this) {
            head = queue.poll();
            attempts = 0;
            firstAttemptAt = null;
        }
        if (head != null) {
            head.done().run();
        }
        context.workers().execute(this::attemptHead);
    }

    /** The endpoint is gone or disabled: everything waiting is finished with, unsent. */
    private void drop() {
        ArrayDeque<Pending> dropped;
        synchronized (this) {
            dropped = new ArrayDeque<>(queue);
            queue.clear();
            attempts = 0;
            firstAttemptAt = null;
            busy = false;
        }
        dropped.forEach(p -> p.done().run());
    }

    private static String human(Duration d) {
        if (d.toHours() >= 1 && d.toMinutesPart() == 0 && d.toSecondsPart() == 0 && d.toMillisPart() == 0) {
            return d.toHours() + (d.toHours() == 1 ? " hour" : " hours");
        }
        if (d.toSeconds() >= 1 && d.toMillisPart() == 0) {
            return d.toSeconds() + (d.toSeconds() == 1 ? " second" : " seconds");
        }
        return d.toMillis() + " ms";
    }
}
