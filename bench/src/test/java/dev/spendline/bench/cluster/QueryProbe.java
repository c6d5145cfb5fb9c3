package dev.spendline.bench.cluster;

import dev.spendline.bench.load.ReportClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
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
 * {@code Retry-After}, or anything else, with the time of the last 200 per workspace.
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
            try {
                HttpResponse<String> answer = client.get(query);
                int status = answer.statusCode();
                if (status == 200) {
                    ok.increment();
                    lastOk.get(id).set(System.nanoTime());
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
