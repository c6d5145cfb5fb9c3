package dev.spendline.bench.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Load from many workspaces at once through one gateway, each with its own API key, event mix
 * and {@link Ledger}: what a multi-tenant deployment sees. Batches go to the workspaces in turn at
 * a fixed total rate. A batch that is not acknowledged (503, 429, 5xx, no answer) is sent again
 * unchanged, the same identities included, until it is acknowledged or {@code giveUpAfter} passes:
 * what a careful sender does, and why the ledger may count a resend only once.
 */
public final class FleetLoad {

    /** A workspace and the key its events are sent with. */
    public record Workspace(String id, String apiKey) {}

    /**
     * @param ratePerSecond events per second over all workspaces
     * @param threads concurrent senders (each waits for its answer)
     */
    public record Settings(
            URI gatewayUrl,
            List<Workspace> workspaces,
            int ratePerSecond,
            int batchSize,
            int threads,
            String runTag,
            Duration tsSpread,
            Duration giveUpAfter) {}

    /** What happened, counted by request. */
    public record Result(
            long requests, long acknowledged, long retries, long rejected, long gaveUp, Map<String, Long> answers) {
        public String summary() {
            return requests + " requests, " + acknowledged + " acknowledged, " + retries + " resent, " + rejected
                    + " refused, " + gaveUp + " given up; answers " + answers;
        }
    }

    private static final Duration RETRY_DELAY = Duration.ofMillis(250);

    private final Settings settings;
    private final Map<String, Ledger> ledgers;
    private final List<EventMix> mixes = new ArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final AtomicLong batches = new AtomicLong();
    private final LongAdder requests = new LongAdder();
    private final LongAdder acknowledged = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder gaveUp = new LongAdder();
    private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
    private final List<Thread> senders = new ArrayList<>();
    private volatile boolean stopped;
    private long startedAt;

    public FleetLoad(Settings settings) {
        this(settings, new LinkedHashMap<>());
    }

    /**
     * @param ledgers ledgers by workspace id to add to (created where missing): several runs
     *     against the same workspaces then add up to what their reports must show
     */
    public FleetLoad(Settings settings, Map<String, Ledger> ledgers) {
        this.settings = settings;
        this.ledgers = ledgers;
        int i = 0;
        for (Workspace workspace : settings.workspaces()) {
            ledgers.computeIfAbsent(workspace.id(), id -> new Ledger());
            mixes.add(new EventMix(
                    settings.runTag().hashCode() * 31L + i, settings.runTag() + "-" + i + "-", settings.tsSpread()));
            i++;
        }
    }

    /** Starts the sender threads; returns at once. */
    public FleetLoad start() {
        startedAt = System.nanoTime();
        for (int t = 0; t < settings.threads(); t++) {
            Thread sender = new Thread(this::sendUntilStopped, "fleet-load-" + t);
            sender.setDaemon(true);
            sender.start();
            senders.add(sender);
        }
        return this;
    }

    /** Stops sending and waits until every batch in flight is acknowledged or given up. */
    public Result stop() throws InterruptedException {
        stopped = true;
        for (Thread sender : senders) {
            sender.join(settings.giveUpAfter().toMillis() + 30_000);
        }
        Map<String, Long> counts = new TreeMap<>();
        answers.forEach((k, v) -> counts.put(k, v.sum()));
        return new Result(requests.sum(), acknowledged.sum(), retries.sum(), rejected.sum(), gaveUp.sum(), counts);
    }

    /** What Spendline acknowledged for each workspace, by workspace id. */
    public Map<String, Ledger> ledgers() {
        return ledgers;
    }

    /** Distinct events acknowledged so far, over all workspaces. */
    public long acknowledgedEvents() {
        return ledgers.values().stream().mapToLong(Ledger::calls).sum();
    }

    private void sendUntilStopped() {
        int count = settings.workspaces().size();
        while (!stopped) {
            double elapsed = (System.nanoTime() - startedAt) / 1e9;
            long due = (long) (elapsed * settings.ratePerSecond() / settings.batchSize());
            long current = batches.get();
            if (current >= due) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
                continue;
            }
            if (!batches.compareAndSet(current, current + 1)) {
                continue;
            }
            int index = (int) (current % count);
            List<MixEvent> events = new ArrayList<>(settings.batchSize());
            EventMix mix = mixes.get(index);
            synchronized (mix) {
                for (int i = 0; i < settings.batchSize(); i++) {
                    events.add(mix.next());
                }
            }
            Workspace workspace = settings.workspaces().get(index);
            deliver(workspace, events, LoadGenerator.body(events));
        }
    }

    private void deliver(Workspace workspace, List<MixEvent> events, byte[] body) {
        long giveUpAt = System.nanoTime() + settings.giveUpAfter().toNanos();
        HttpRequest request = HttpRequest.newBuilder(settings.gatewayUrl().resolve("/api/v1/events"))
                .timeout(Duration.ofSeconds(15))
                .header("authorization", "Bearer " + workspace.apiKey())
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        while (true) {
            requests.increment();
            int status;
            try {
                status = http.send(request, HttpResponse.BodyHandlers.discarding())
                        .statusCode();
            } catch (IOException e) {
                status = -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            answers.computeIfAbsent(status == -1 ? "no answer" : String.valueOf(status), k -> new LongAdder())
                    .increment();
            if (status == 202) {
                Ledger ledger = ledgers.get(workspace.id());
                events.forEach(ledger::acknowledge);
                acknowledged.increment();
                return;
            }
            if (status != -1 && status != 429 && status < 500) {
                rejected.increment();
                return;
            }
            if (System.nanoTime() > giveUpAt) {
                gaveUp.increment();
                return;
            }
            retries.increment();
            LockSupport.parkNanos(RETRY_DELAY.toNanos());
        }
    }
}
