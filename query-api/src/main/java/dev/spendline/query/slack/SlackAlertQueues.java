package dev.spendline.query.slack;

import dev.spendline.contracts.alert.Alert;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bounded queue and one worker per workspace, so that a slow or failing Slack delays only its own
 * workspace: each workspace's alerts are delivered one after another in the order they arrived (an
 * alert's message is posted before it is updated), different workspaces at the same time (a thread
 * each while it has work). A queue holds at most {@code limit} alerts, each at its latest state:
 * a change of an alert that is still waiting replaces the waiting one, since only the latest state is
 * shown in Slack. An alert that finds its workspace's queue full is dropped and reported.
 *
 * @param <R> what a queued record carries for its acknowledgement (its partition and offset)
 */
final class SlackAlertQueues<R> {

    private static final Logger log = LoggerFactory.getLogger(SlackAlertQueues.class);

    /** What a worker does with an alert; it is done (acknowledged) afterwards, whatever happened. */
    interface Delivery {
        void deliver(Alert alert) throws InterruptedException;
    }

    private static final class Waiting<R> {
        Alert alert;
        final List<R> records = new ArrayList<>();
    }

    private static final class Queue<R> {
        final LinkedHashMap<String, Waiting<R>> waiting = new LinkedHashMap<>();
        boolean working;
    }

    private final Map<String, Queue<R>> queues = new HashMap<>();
    private final int limit;
    private final ExecutorService workers;
    private final Delivery delivery;
    private final Consumer<R> done;
    private final Consumer<String> dropped;

    /**
     * @param done told of every record once its alert was delivered, replaced by a later state that
     *     was, or dropped
     * @param dropped told the workspace id when its queue was full
     */
    SlackAlertQueues(
            int limit, ExecutorService workers, Delivery delivery, Consumer<R> done, Consumer<String> dropped) {
        if (limit < 1) {
            throw new IllegalArgumentException("spendline.slack.alerts.queue-limit must be at least 1, was " + limit);
        }
        this.limit = limit;
        this.workers = workers;
        this.delivery = delivery;
        this.done = done;
        this.dropped = dropped;
    }

    /** Queues the alert's latest state for its workspace; never blocks. */
    void offer(Alert alert, R record) {
        boolean start;
        boolean full = false;
        synchronized (this) {
            Queue<R> queue = queues.computeIfAbsent(alert.workspaceId(), ws -> new Queue<>());
            Waiting<R> waiting = queue.waiting.get(alert.id());
            if (waiting == null && queue.waiting.size() >= limit) {
                full = true;
            } else {
                if (waiting == null) {
                    waiting = new Waiting<>();
                    queue.waiting.put(alert.id(), waiting);
                }
                waiting.alert = alert;
                waiting.records.add(record);
            }
            start = !full && !queue.working;
            if (start) {
                queue.working = true;
            }
        }
        if (full) {
            log.warn(
                    "Slack alert queue of workspace {} is full ({}): alert {} not posted",
                    alert.workspaceId(),
                    limit,
                    alert.id());
            done.accept(record);
            dropped.accept(alert.workspaceId());
            return;
        }
        if (start) {
            workers.execute(() -> drain(alert.workspaceId()));
        }
    }

    /** How many alerts wait for the workspace (tests, diagnostics). */
    synchronized int waiting(String workspaceId) {
        Queue<R> queue = queues.get(workspaceId);
        return queue == null ? 0 : queue.waiting.size();
    }

    private void drain(String workspaceId) {
        while (true) {
            Waiting<R> next;
            synchronized (this) {
                Queue<R> queue = queues.get(workspaceId);
                Iterator<Waiting<R>> first = queue.waiting.values().iterator();
                if (!first.hasNext()) {
                    queue.working = false;
                    queues.remove(workspaceId);
                    return;
                }
                next = first.next();
                first.remove();
            }
            try {
                delivery.deliver(next.alert);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // shutting down: not acknowledged, so delivered again after a restart
            } catch (RuntimeException e) {
                // A bug or the database: logged, and the alert is not retried forever.
                log.error("Slack alert {} of workspace {} could not be delivered", next.alert.id(), workspaceId, e);
            }
            next.records.forEach(done);
        }
    }
}
