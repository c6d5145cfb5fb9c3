package dev.spendline.client;

import dev.spendline.client.ItemBuffer.Entry;
import dev.spendline.client.ItemBuffer.Work;
import dev.spendline.client.JsonBodies.Kind;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The one background thread (the role of Kafka's Sender): takes batches from the buffer, writes
 * them as JSON, posts them, retries only what can succeed, and tells the listener how each ended.
 * Interrupted by {@link SpendlineClient#close} when its deadline passes: it then fails what is left.
 */
final class Sender implements Runnable {

    private static final System.Logger LOG = System.getLogger(SpendlineClient.class.getName());

    /** The server's limit is 5 MiB; a margin for the batch wrapper. */
    static final int MAX_BODY_BYTES = 5 * 1024 * 1024 - 1024;

    private final ItemBuffer buffer;
    private final Settings settings;
    private final HttpClient http;
    private final Counters counters;

    /** The client's counters, written by the sender (and by callers for drops). */
    static final class Counters {
        final AtomicLong sent = new AtomicLong();
        final AtomicLong retried = new AtomicLong();
        final AtomicLong dropped = new AtomicLong();
        final AtomicLong rejected = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
    }

    /** The builder's choices, fixed for the client's life. */
    record Settings(
            URI baseUri,
            BearerCredentials credentials,
            Duration requestTimeout,
            int maxRetries,
            Duration backoffBase,
            Duration backoffMax,
            DeliveryListener listener,
            String userAgent) {}

    Sender(ItemBuffer buffer, Settings settings, HttpClient http, Counters counters) {
        this.buffer = buffer;
        this.settings = settings;
        this.http = http;
        this.counters = counters;
    }

    @Override
    public void run() {
        try {
            Work work;
            while ((work = buffer.take()) != null) {
                for (Item item : work.dropped()) {
                    notify(() -> settings.listener().dropped(item));
                }
                if (!work.batch().isEmpty()) {
                    try {
                        deliver(work.kind(), items(work.batch()));
                    } finally {
                        buffer.settled();
                    }
                }
            }
        } catch (InterruptedException e) {
            // close()'s deadline passed: what is left is failed below.
        } catch (RuntimeException | Error e) {
            LOG.log(Level.ERROR, "Spendline client sender stopped unexpectedly", e);
        } finally {
            // Whatever ended the loop, no item may wait for a sender that is gone: later sends are
            // dropped and counted, and what is left is failed.
            buffer.close();
            List<Item> left = buffer.drainAll();
            if (!left.isEmpty()) {
                fail(left, "client closed before delivery");
            }
        }
    }

    private void deliver(Kind kind, List<Item> items) throws InterruptedException {
        // Written here, not on the caller's thread; split so a body stays under the server's limit.
        List<List<Item>> chunks = new ArrayList<>();
        List<List<byte[]>> bodies = new ArrayList<>();
        int bytes = MAX_BODY_BYTES;
        for (Item item : items) {
            byte[] written;
            try {
                written = JsonBodies.item(item);
            } catch (RuntimeException e) {
                fail(List.of(item), "could not be written as JSON: " + e.getMessage());
                continue;
            }
            if (bytes + written.length + 1 > MAX_BODY_BYTES) {
                chunks.add(new ArrayList<>());
                bodies.add(new ArrayList<>());
                bytes = 0;
            }
            chunks.get(chunks.size() - 1).add(item);
            bodies.get(bodies.size() - 1).add(written);
            bytes += written.length + 1;
        }
        for (int i = 0; i < chunks.size(); i++) {
            try {
                post(kind, List.copyOf(chunks.get(i)), bodies.get(i));
            } catch (InterruptedException e) {
                for (int j = i; j < chunks.size(); j++) {
                    fail(chunks.get(j), "client closed: its deadline passed before delivery");
                }
                throw e;
            }
        }
    }

    /** One batch until it is delivered, rejected or given up. */
    private void post(Kind kind, List<Item> items, List<byte[]> json) throws InterruptedException {
        byte[] body = JsonBodies.batch(kind, json);
        URI uri = URI.create(stripSlash(settings.baseUri().toString()) + kind.path);
        boolean reauthorized = false;
        for (int attempt = 0; ; attempt++) {
            Answer answer = attempt(uri, body);
            if (answer.status / 100 == 2) {
                counters.sent.addAndGet(items.size());
                notify(() -> settings.listener().delivered(items));
                return;
            }
            if (answer.status == 401 && !reauthorized && answer.token != null) {
                // The token may just have expired: let the credentials refresh, then try once more.
                reauthorized = true;
                String rejectedToken = answer.token;
                notify(() -> settings.credentials().unauthorized(rejectedToken));
                counters.retried.addAndGet(items.size());
                attempt--;
                continue;
            }
            if (!answer.retryable()) {
                counters.rejected.addAndGet(items.size());
                notify(() -> settings.listener().rejected(items, answer.status, answer.body));
                return;
            }
            if (attempt >= settings.maxRetries()) {
                fail(
                        items,
                        "gave up after " + (attempt + 1) + (attempt == 0 ? " attempt: " : " attempts: ")
                                + answer.describe());
                return;
            }
            long delay = backoffNanos(attempt);
            if (answer.retryAfterNanos > 0) {
                if (answer.retryAfterNanos > settings.backoffMax().toNanos()) {
                    fail(
                            items,
                            answer.describe() + " with Retry-After beyond the longest backoff (" + settings.backoffMax()
                                    + ")");
                    return;
                }
                delay = Math.max(delay, answer.retryAfterNanos);
            }
            sleep(delay);
            counters.retried.addAndGet(items.size());
        }
    }

    private long backoffNanos(int attempt) {
        return fullJitterNanos(
                attempt, settings.backoffBase().toNanos(), settings.backoffMax().toNanos());
    }

    /**
     * Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): uniform in
     * [0, min(cap, base·2^attempt)], so that many senders retrying after one outage spread out.
     */
    static long fullJitterNanos(int attempt, long base, long cap) {
        long ceiling = attempt >= 62 || base > (cap >> attempt) ? cap : base << attempt;
        return ThreadLocalRandom.current().nextLong(Math.min(cap, ceiling) + 1);
    }

    private static void sleep(long nanos) throws InterruptedException {
        long until = System.nanoTime() + nanos;
        long left;
        while ((left = until - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    /** One request; never throws but for interruption. */
    private Answer attempt(URI uri, byte[] body) throws InterruptedException {
        String token;
        try {
            token = settings.credentials().token();
        } catch (IOException | RuntimeException e) {
            return Answer.error("credentials: " + e);
        }
        if (token == null || token.isBlank()) {
            return Answer.error("credentials gave no token");
        }
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(settings.requestTimeout())
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token)
                .header("User-Agent", settings.userAgent())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        CompletableFuture<HttpResponse<String>> pending = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            HttpResponse<String> response = pending.get();
            return new Answer(
                    response.statusCode(),
                    response.body(),
                    token,
                    retryAfterNanos(response.headers().firstValue("Retry-After").orElse(null)),
                    null);
        } catch (InterruptedException e) {
            pending.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String reason = cause instanceof HttpTimeoutException
                    ? "no answer within " + settings.requestTimeout()
                    : cause.getClass().getSimpleName() + ": " + cause.getMessage();
            return Answer.error(reason);
        }
    }

    /** Seconds, or an HTTP date (RFC 9110 section 10.2.3); 0 when absent or unreadable. */
    static long retryAfterNanos(String header) {
        if (header == null || header.isBlank()) {
            return 0;
        }
        String value = header.trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(value))).toNanos();
        } catch (NumberFormatException | ArithmeticException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                return Math.max(
                        0, Duration.between(ZonedDateTime.now(at.getZone()), at).toNanos());
            } catch (RuntimeException unreadable) {
                return 0;
            }
        }
    }

    private void fail(List<Item> items, String reason) {
        counters.failed.addAndGet(items.size());
        LOG.log(Level.WARNING, "Spendline client: {0} item(s) not delivered: {1}", items.size(), reason);
        notify(() -> settings.listener().failed(items, reason));
    }

    private static void notify(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Spendline client: a listener threw; ignored", e);
        }
    }

    private static List<Item> items(List<Entry> entries) {
        List<Item> items = new ArrayList<>(entries.size());
        for (Entry entry : entries) {
            items.add(entry.item());
        }
        return items;
    }

    private static String stripSlash(String uri) {
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    /** What one attempt got: an HTTP status (0 for a network error or timeout), its body, and hints. */
    private record Answer(int status, String body, String token, long retryAfterNanos, String error) {

        static Answer error(String reason) {
            return new Answer(0, null, null, 0, reason);
        }

        /** 5xx, 408, 429 and no answer at all; every other 4xx would fail the same way again. */
        boolean retryable() {
            return status == 0 || status == 408 || status == 429 || status >= 500;
        }

        String describe() {
            return status == 0 ? error : "HTTP " + status;
        }
    }
}
