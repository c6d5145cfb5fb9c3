package dev.spendline.bench.cluster;

import dev.spendline.bench.load.ReportClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Asks every workspace's spend report over and over, in turn, through every query-api instance,
 * as dashboards would during an incident, and keeps what each answer was: 200, 503 with or without
 * {@code Retry-After}, or anything else, with the time of the last 200 per workspace. From a
 * {@link #mark} on (a kill), it also times every read started after it and each workspace's first
 * 200 of such a read, for {@link #sinceMark}.
 */
final class QueryProbe {

    /** An answer the test must not see. */
    record Bad(String workspaceId, URI via, int status, String body) {}

    private final List<String> workspaceIds;
    private final List<List<ReportClient>> clients = new ArrayList<>();
    private final Map<String, AtomicLong> lastOk = new ConcurrentHashMap<>();
    private final LongAdder ok = new LongAdder();
    private final LongAdder unavailable = new LongAdder();
    private final List<Bad> bad = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong turn = new AtomicLong();
    private volatile boolean stopped;
    /** System.nanoTime() of the mark; 0 before it. */
    private volatile long mark;

    private final Map<String, AtomicLong> firstOkAfterMark = new ConcurrentHashMap<>();
    /** When the first read of each workspace started after the mark ended, whatever it answered. */
    private final Map<String, AtomicLong> firstAskedAfterMark = new ConcurrentHashMap<>();

    private final List<long[]> readsAfterMark = new CopyOnWriteArrayList<>();

    /**
     * What the probe saw from a mark to a moment: for each workspace the time from the mark to the
     * end of its first 200 (of a read started after the mark), the worst of them, how many had
     * none, and how long the reads started in that window took.
     */
    record Window(
            int workspaces,
            int unanswered,
            Duration worstTimeToFirstAnswer,
            Duration p50TimeToFirstAnswer,
            int reads,
            int unavailable,
            Duration readP50,
            Duration readP99,
            Duration readMax) {

        String summary() {
            return String.format(
                    "%d of %d workspaces answered, time to first answer p50 %d ms, worst %d ms; %d reads (%d × 503),"
                            + " read p50 %d ms, p99 %d ms, max %d ms",
                    workspaces - unanswered,
                    workspaces,
                    p50TimeToFirstAnswer.toMillis(),
                    worstTimeToFirstAnswer.toMillis(),
                    reads,
                    unavailable,
                    readP50.toMillis(),
                    readP99.toMillis(),
                    readMax.toMillis());
        }
    }

    /** @param keys API key of each workspace, by workspace id */
    QueryProbe(Map<String, String> keys, List<URI> queryApis) {
        this.workspaceIds = List.copyOf(keys.keySet());
        for (String id : workspaceIds) {
            List<ReportClient> perInstance = new ArrayList<>();
            queryApis.forEach(url -> perInstance.add(new ReportClient(url, keys.get(id))));
            clients.add(perInstance);
            lastOk.put(id, new AtomicLong());
        }
    }

    QueryProbe start(int threadCount) {
        for (int t = 0; t < threadCount; t++) {
            Thread thread = new Thread(this::run, "query-probe-" + t);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        return this;
    }

    void stop() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.join(60_000);
        }
    }

    private void run() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String query = "by=tenant&limit=1000&from=" + today.minusDays(40) + "&to=" + today.plusDays(1);
        while (!stopped) {
            long n = turn.getAndIncrement();
            int index = (int) (n % workspaceIds.size());
            List<ReportClient> instances = clients.get(index);
            ReportClient client = instances.get((int) ((n / workspaceIds.size()) % instances.size()));
            String id = workspaceIds.get(index);
            long markAtStart = mark;
            long started = System.nanoTime();
            try {
                HttpResponse<String> answer = client.get(query);
                int status = answer.statusCode();
                long ended = System.nanoTime();
                if (markAtStart != 0) {
                    readsAfterMark.add(new long[] {started, ended, status});
                    firstAskedAfterMark.computeIfAbsent(id, k -> new AtomicLong(ended));
                }
                if (status == 200) {
                    ok.increment();
                    lastOk.get(id).set(ended);
                    if (markAtStart != 0) {
                        firstOkAfterMark.computeIfAbsent(id, k -> new AtomicLong(ended));
                    }
                } else if (status == 503
                        && answer.headers().firstValue("retry-after").isPresent()) {
                    unavailable.increment();
                } else {
                    bad.add(new Bad(id, answer.uri(), status, answer.body()));
                }
            } catch (IOException e) {
                bad.add(new Bad(id, null, -1, e.toString()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** From now on, time the reads and each workspace's first answer ({@link #sinceMark}). */
    void mark(long nanos) {
        firstOkAfterMark.clear();
        firstAskedAfterMark.clear();
        readsAfterMark.clear();
        mark = nanos;
    }

    /** What the probe saw between the mark and {@code untilNanos}. */
    Window sinceMark(long untilNanos) {
        long from = mark;
        List<Long> toFirst = new ArrayList<>();
        firstOkAfterMark.values().forEach(at -> {
            if (at.get() <= untilNanos) {
                toFirst.add(at.get() - from);
            }
        });
        List<Long> reads = new ArrayList<>();
        int unavailableReads = 0;
        for (long[] read : readsAfterMark) {
            if (read[0] <= untilNanos) {
                reads.add(read[1] - read[0]);
                if (read[2] == 503) {
                    unavailableReads++;
                }
            }
        }
        toFirst.sort(null);
        reads.sort(null);
        return new Window(
                workspaceIds.size(),
                workspaceIds.size() - toFirst.size(),
                percentile(toFirst, 1.0),
                percentile(toFirst, 0.5),
                reads.size(),
                unavailableReads,
                percentile(reads, 0.5),
                percentile(reads, 0.99),
                percentile(reads, 1.0));
    }

    private static Duration percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return Duration.ZERO;
        }
        int index = (int) Math.ceil(p * sorted.size()) - 1;
        return Duration.ofNanos(sorted.get(Math.max(0, Math.min(sorted.size() - 1, index))));
    }

    /**
     * Workspaces asked after the mark (a read of theirs ended by {@code untilNanos}) without a 200
     * from any read started after the mark by then: what a dashboard open on them would have
     * seen as no answer. Workspaces the probe had not reached yet are not counted (see {@link
     * #askedSinceMark}).
     */
    List<String> askedButUnansweredSinceMark(long untilNanos) {
        List<String> unanswered = new ArrayList<>();
        firstAskedAfterMark.forEach((id, asked) -> {
            AtomicLong ok = firstOkAfterMark.get(id);
            if (asked.get() <= untilNanos && (ok == null || ok.get() > untilNanos)) {
                unanswered.add(id);
            }
        });
        return unanswered;
    }

    /** How many workspaces a read started after the mark reached by {@code untilNanos}. */
    int askedSinceMark(long untilNanos) {
        return (int) firstAskedAfterMark.values().stream()
                .filter(at -> at.get() <= untilNanos)
                .count();
    }

    /** Workspaces whose last 200 is older than {@code sinceNanos} (System.nanoTime()). */
    List<String> notAnsweredSince(long sinceNanos) {
        List<String> silent = new ArrayList<>();
        lastOk.forEach((id, at) -> {
            if (at.get() == 0 || at.get() < sinceNanos) {
                silent.add(id);
            }
        });
        return silent;
    }

    long ok() {
        return ok.sum();
    }

    long unavailable() {
        return unavailable.sum();
    }

    List<Bad> bad() {
        return bad;
    }

    String summary() {
        return ok.sum() + " answered, " + unavailable.sum() + " 503 with Retry-After, " + bad.size() + " other";
    }
}
