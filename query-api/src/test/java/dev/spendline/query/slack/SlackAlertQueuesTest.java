package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Per-workspace queues: a stuck Slack holds only its workspace; order, latest state and the bound. */
class SlackAlertQueuesTest {

    private final ExecutorService workers = Executors.newCachedThreadPool();
    private final CountDownLatch slowSlack = new CountDownLatch(1);
    private final BlockingQueue<String> delivered = new LinkedBlockingQueue<>();
    private final List<Integer> done = new CopyOnWriteArrayList<>();
    private final List<String> dropped = new CopyOnWriteArrayList<>();

    private final SlackAlertQueues<Integer> queues = new SlackAlertQueues<>(
            2,
            workers,
            alert -> {
                if (alert.workspaceId().equals("ws_slow")) {
                    slowSlack.await(); // Slack not answering this workspace
                }
                delivered.add(alert.workspaceId() + "/" + alert.id() + "/" + alert.severity());
            },
            done::add,
            dropped::add);

    @AfterEach
    void stop() {
        slowSlack.countDown();
        workers.shutdownNow();
    }

    @Test
    void aWorkspaceWhoseSlackHangsDoesNotDelayAnother() throws Exception {
        queues.offer(alert("ws_slow", "a1", AlertSeverity.WARNING), 1);
        queues.offer(alert("ws_fast", "b1", AlertSeverity.WARNING), 2);
        queues.offer(alert("ws_fast", "b2", AlertSeverity.CRITICAL), 3);

        assertThat(delivered.poll(5, TimeUnit.SECONDS)).isEqualTo("ws_fast/b1/WARNING");
        assertThat(delivered.poll(5, TimeUnit.SECONDS)).isEqualTo("ws_fast/b2/CRITICAL");
        awaitDone(2);
        assertThat(done).containsExactly(2, 3); // the slow one is not acknowledged while it waits

        slowSlack.countDown();
        assertThat(delivered.poll(5, TimeUnit.SECONDS)).isEqualTo("ws_slow/a1/WARNING");
        awaitDone(3);
    }

    @Test
    void aWaitingAlertIsReplacedByItsLatestStateAndAFullQueueDropsNewAlertsAndSaysSo() throws Exception {
        queues.offer(alert("ws_slow", "a1", AlertSeverity.INFO), 1); // taken by the worker, waiting on Slack
        awaitWaiting(0);
        queues.offer(alert("ws_slow", "a2", AlertSeverity.INFO), 2);
        queues.offer(alert("ws_slow", "a2", AlertSeverity.WARNING), 3); // the same alert escalated
        queues.offer(alert("ws_slow", "a3", AlertSeverity.INFO), 4);
        queues.offer(alert("ws_slow", "a4", AlertSeverity.INFO), 5); // a third waiting alert: over the bound of 2

        assertThat(queues.waiting("ws_slow")).isEqualTo(2);
        assertThat(dropped).containsExactly("ws_slow");
        assertThat(done).containsExactly(5);

        slowSlack.countDown();
        assertThat(List.of(
                        delivered.poll(5, TimeUnit.SECONDS),
                        delivered.poll(5, TimeUnit.SECONDS),
                        delivered.poll(5, TimeUnit.SECONDS)))
                .containsExactly("ws_slow/a1/INFO", "ws_slow/a2/WARNING", "ws_slow/a3/INFO");
        awaitDone(5);
        assertThat(done).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
        assertThat(delivered.poll(200, TimeUnit.MILLISECONDS)).isNull();
    }

    private void awaitDone(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (done.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(done).hasSize(count);
    }

    private void awaitWaiting(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (queues.waiting("ws_slow") != count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(queues.waiting("ws_slow")).isEqualTo(count);
    }

    private static Alert alert(String workspaceId, String id, AlertSeverity severity) {
        return new Alert(
                Alert.SCHEMA_VERSION,
                workspaceId,
                id,
                AlertType.SPEND_ANOMALY,
                severity,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                Instant.EPOCH,
                Instant.EPOCH,
                null,
                "spend",
                AlertEvidence.ofSpendAnomaly(Instant.EPOCH, BigDecimal.TEN, BigDecimal.ONE, new BigDecimal("2"), 5));
    }
}
