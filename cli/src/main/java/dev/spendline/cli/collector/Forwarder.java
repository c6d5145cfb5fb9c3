package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import dev.spendline.contracts.validation.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sends the spool's rows, oldest first, on its own thread (the receiver only appends, so an agent
 * never waits for Spendline). A row leaves the spool only once delivered or refused for good; when
 * Spendline cannot be reached the rows stay and the forwarder backs off (up to a minute), so nothing
 * is lost while the network or the service is down. A batch refused as a whole (a batch is atomic
 * at the service) is resent row by row, so one bad row cannot take good ones with it.
 *
 * <p>Rows are cleaned first ({@link RowCleaner}): a name the service would refuse is fixed rather
 * than lost. A row refused for good all the same goes to the {@link Quarantine}, not away.
 */
final class Forwarder implements AutoCloseable {

    static final int BATCH_ROWS = 500;
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(60);

    private final Spool spool;
    private final RowSender sender;
    private final CollectorState state;
    private final Quarantine quarantine;
    private final PrintWriter log;
    private final Object signal = new Object();
    private final Thread thread;
    private volatile boolean running = true;
    private boolean pending = true;

    Forwarder(Spool spool, RowSender sender, CollectorState state, Quarantine quarantine, PrintWriter log) {
        this.spool = spool;
        this.sender = sender;
        this.state = state;
        this.quarantine = quarantine;
        this.log = log;
        this.thread = new Thread(this::loop, "spendline-collector-forwarder");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Rows were appended: send soon. */
    void wake() {
        synchronized (signal) {
            pending = true;
            signal.notifyAll();
        }
    }

    private void loop() {
        Duration backoff = Duration.ofSeconds(1);
        while (running) {
            try {
                waitForWork(Duration.ofSeconds(5));
                if (!running) {
                    break;
                }
                if (forwardOnce()) {
                    backoff = Duration.ofSeconds(1);
                } else {
                    sleep(backoff);
                    backoff =
                            backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            } catch (InterruptedException e) {
                break;
            } catch (RuntimeException | IOException e) {
                log("forwarding failed: " + e);
                state.error(String.valueOf(e.getMessage()));
            }
        }
    }

    /**
     * Sends what the spool holds until it is empty or a send fails; true when nothing failed.
     * Package-private so tests drive it without the thread.
     */
    boolean forwardOnce() throws IOException {
        while (spool.rows() > 0 && running) {
            List<Spool.Batch> batches = spool.oldest(BATCH_ROWS);
            if (batches.isEmpty()) {
                return true;
            }
            List<ObjectNode> rows = new ArrayList<>();
            batches.forEach(batch -> rows.addAll(batch.rows()));
            // Also fixes rows spooled by a collector version that did not clean yet.
            rows.forEach(RowCleaner::clean);
            RowSender.Outcome outcome = sender.send(rows);
            Set<String> settled = new HashSet<>(outcome.delivered());
            Map<String, String> rejected = outcome.rejected();
            if (!rejected.isEmpty() && rows.size() > 1) {
                // The service refuses a batch whole: find the bad rows one by one.
                rejected = new java.util.HashMap<>();
                for (ObjectNode row : rows) {
                    if (settled.contains(Json.text(row, "externalId"))) {
                        continue;
                    }
                    RowSender.Outcome single = sender.send(List.of(row));
                    settled.addAll(single.delivered());
                    rejected.putAll(single.rejected());
                    if (single.failure() != null) {
                        outcome = new RowSender.Outcome(Set.of(), Map.of(), single.failure());
                        break;
                    }
                }
                outcome = new RowSender.Outcome(Set.copyOf(settled), rejected, outcome.failure());
            }
            // Quarantined before they leave the spool: a crash in between keeps a row twice, never zero times.
            long quarantined = quarantine(rows, rejected);
            settled.addAll(rejected.keySet());
            for (Spool.Batch batch : batches) {
                spool.settle(batch, settled);
            }
            if (!outcome.delivered().isEmpty()) {
                state.delivered(outcome.delivered().size());
                log("delivered " + outcome.delivered().size() + " row(s)");
            }
            if (!rejected.isEmpty()) {
                String reason = rejected.values().iterator().next();
                state.rejected(rejected.size(), reason);
                log("Spendline refused " + rejected.size() + " row(s) for good: " + reason + "; kept in "
                        + quarantine.file());
                if (quarantined < rejected.size()) {
                    state.dropped(rejected.size() - quarantined);
                    log((rejected.size() - quarantined) + " refused row(s) dropped: the quarantine holds "
                            + quarantine.rows() + " rows already");
                }
            }
            state.buffered(spool.rows());
            if (outcome.failure() != null) {
                state.error(outcome.failure());
                log("delivery failed, " + spool.rows() + " row(s) kept for later: " + outcome.failure());
                return false;
            }
        }
        return true;
    }

    /** Appends the refused rows to the quarantine, each with its reason; how many it kept. */
    private long quarantine(List<ObjectNode> rows, Map<String, String> rejected) throws IOException {
        long kept = 0;
        for (ObjectNode row : rows) {
            String reason = rejected.get(Json.text(row, "externalId"));
            if (reason != null) {
                kept += quarantine.add(List.of(row), reason);
            }
        }
        return kept;
    }

    private void waitForWork(Duration timeout) throws InterruptedException {
        synchronized (signal) {
            if (!pending) {
                signal.wait(timeout.toMillis());
            }
            pending = false;
        }
    }

    private void sleep(Duration duration) throws InterruptedException {
        synchronized (signal) {
            long until = System.nanoTime() + duration.toNanos();
            long left;
            while (running && (left = until - System.nanoTime()) > 0) {
                signal.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    private void log(String message) {
        synchronized (log) {
            // Reasons come from the service and may echo a row's values.
            log.println("collector: " + TerminalText.escape(message));
            log.flush();
        }
    }

    /** Stops after the send in progress; what is left stays in the spool for the next start. */
    @Override
    public void close() {
        running = false;
        synchronized (signal) {
            signal.notifyAll();
        }
        try {
            thread.join(15_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sender.close();
    }
}
