package dev.spendline.client;

import dev.spendline.client.ItemBuffer.Added;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends {@link ProductEvent}s and {@link InternalUsageRow}s to Spendline without ever slowing the
 * application down.
 *
 * <ul>
 *   <li>{@link #send} only puts the item in a bounded in-memory buffer and returns: no I/O, no JSON,
 *       no waiting. When the buffer is full the oldest item is dropped and counted.
 *   <li>One daemon thread ({@code spendline-client-sender-N}) takes batches of one kind (at most
 *       {@code batchSize}, after at most {@code linger}), writes them as JSON and posts them to
 *       {@code /api/v1/events} or {@code /api/v1/internal-usage}.
 *   <li>Only what can succeed is retried: no answer (connection error, timeout), {@code 5xx},
 *       {@code 408} and {@code 429} (honouring {@code Retry-After}), at most {@code maxRetries} times
 *       with exponential backoff and full jitter. Any other {@code 4xx} is reported as rejected with
 *       the server's problem JSON. A {@code 401} asks the credentials for a fresh token once.
 *   <li>{@link #flush} and {@link #close(Duration)} wait, at most until their deadline, for what was
 *       sent before them.
 * </ul>
 *
 * <p>A retried batch may already have been accepted (the answer was lost): Spendline counts it once
 * only when its items carry an identity ({@code source} + {@code externalId} for events,
 * {@code externalId} for rows). Only the delivery is ever retried, never the provider call the item
 * describes. Thread-safe.
 */
public final class SpendlineClient implements AutoCloseable {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final ItemBuffer buffer;
    private final Sender.Counters counters = new Sender.Counters();
    private final DeliveryListener listener;
    private final Duration defaultCloseDeadline;
    private final Thread senderThread;

    private SpendlineClient(Builder b) {
        this.buffer = new ItemBuffer(b.bufferCapacity, b.batchSize, b.linger.toNanos());
        this.listener = b.listener;
        this.defaultCloseDeadline = b.closeDeadline;
        HttpClient http = HttpClient.newBuilder()
                .connectTimeout(b.requestTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        Sender sender = new Sender(
                buffer,
                new Sender.Settings(
                        b.baseUri,
                        b.credentials,
                        b.requestTimeout,
                        b.maxRetries,
                        b.backoffBase,
                        b.backoffMax,
                        b.listener,
                        "spendline-client/" + version()),
                http,
                counters);
        this.senderThread = new Thread(sender, "spendline-client-sender-" + INSTANCES.incrementAndGet());
        senderThread.setDaemon(true);
        senderThread.start();
    }

    /** A builder for a client of the Spendline at {@code baseUri}, e.g. {@code https://spendline.example.com}. */
    public static Builder builder(URI baseUri) {
        return new Builder(baseUri);
    }

    /** Queues a product event; never blocks, never throws for a delivery reason. */
    public void send(ProductEvent event) {
        enqueue(Objects.requireNonNull(event, "event"));
    }

    /** Queues an internal usage row; never blocks, never throws for a delivery reason. */
    public void send(InternalUsageRow row) {
        enqueue(Objects.requireNonNull(row, "row"));
    }

    private void enqueue(Item item) {
        Added added = buffer.add(item);
        if (added == Added.ADDED) {
            return;
        }
        counters.dropped.incrementAndGet();
        if (added == Added.CLOSED) {
            // No sender thread any more: the only callback made on the caller's thread.
            try {
                listener.dropped(item);
            } catch (RuntimeException ignored) {
                // A listener must not break the application's call.
            }
        }
    }

    /**
     * Waits until every item sent before this call is settled (delivered, rejected, failed or dropped),
     * sending lingering batches at once.
     *
     * @return true when settled, false when {@code timeout} passed first (or the thread was interrupted)
     */
    public boolean flush(Duration timeout) {
        try {
            return buffer.flush(timeout.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Stops accepting items (later {@code send}s are dropped and counted), sends what is buffered
     * without lingering, and stops the sender thread, all within {@code deadline}: what is still
     * unsent then is reported as failed.
     *
     * @return true when everything sent before was settled without being cut short by the deadline
     */
    public boolean close(Duration deadline) {
        long failedBefore = counters.failed.get();
        buffer.close();
        try {
            senderThread.join(Math.max(1, deadline.toMillis()));
            if (senderThread.isAlive()) {
                senderThread.interrupt();
                senderThread.join(1_000);
                return false;
            }
        } catch (InterruptedException e) {
            senderThread.interrupt();
            Thread.currentThread().interrupt();
            return false;
        }
        return buffer.allSettled() && counters.failed.get() == failedBefore;
    }

    /** {@link #close(Duration)} with the builder's {@code closeDeadline} (5 seconds by default). */
    @Override
    public void close() {
        close(defaultCloseDeadline);
    }

    /** The counters now. */
    public ClientMetrics metrics() {
        return new ClientMetrics(
                counters.sent.get(),
                counters.retried.get(),
                counters.dropped.get(),
                counters.rejected.get(),
                counters.failed.get(),
                buffer.unsettled());
    }

    private static String version() {
        String version = SpendlineClient.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    /** Settings of a client; every one has a default but the credentials. */
    public static final class Builder {
        private final URI baseUri;
        private BearerCredentials credentials;
        private int bufferCapacity = 10_000;
        private int batchSize = 500;
        private Duration linger = Duration.ofMillis(200);
        private Duration requestTimeout = Duration.ofSeconds(10);
        private int maxRetries = 5;
        private Duration backoffBase = Duration.ofMillis(200);
        private Duration backoffMax = Duration.ofSeconds(30);
        private Duration closeDeadline = Duration.ofSeconds(5);
        private DeliveryListener listener = new DeliveryListener() {};

        private Builder(URI baseUri) {
            Objects.requireNonNull(baseUri, "baseUri");
            if (!baseUri.isAbsolute()
                    || !("http".equalsIgnoreCase(baseUri.getScheme()) || "https".equalsIgnoreCase(baseUri.getScheme()))
                    || baseUri.getHost() == null) {
                throw new IllegalArgumentException("baseUri must be an absolute http(s) URI: " + baseUri);
            }
            this.baseUri = baseUri;
        }

        /** A workspace API key ({@code spl_...}). */
        public Builder apiKey(String apiKey) {
            this.credentials = BearerCredentials.apiKey(apiKey);
            return this;
        }

        /** Bearer tokens from elsewhere, e.g. OAuth access tokens refreshed by the application. */
        public Builder credentials(BearerCredentials credentials) {
            this.credentials = Objects.requireNonNull(credentials, "credentials");
            return this;
        }

        /** Items held at most (default 10,000); when full, the oldest is dropped and counted. */
        public Builder bufferCapacity(int bufferCapacity) {
            this.bufferCapacity = atLeast(bufferCapacity, 1, "bufferCapacity");
            return this;
        }

        /** Items per request, 1 to 1000, the server's limit (default 500). */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1 || batchSize > 1000) {
                throw new IllegalArgumentException("batchSize must be 1 to 1000: " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /** How long an item may wait for others to fill a batch (default 200 ms). */
        public Builder linger(Duration linger) {
            this.linger = notNegative(linger, "linger");
            return this;
        }

        /** Connecting plus waiting for an answer, per attempt (default 10 s). */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = positive(requestTimeout, "requestTimeout");
            return this;
        }

        /** Retries after the first attempt (default 5); 0 disables retries. */
        public Builder maxRetries(int maxRetries) {
            this.maxRetries = atLeast(maxRetries, 0, "maxRetries");
            return this;
        }

        /**
         * Retry n waits a random time up to {@code min(max, base·2^n)} (default 200 ms and 30 s); a
         * {@code Retry-After} longer than {@code max} ends the retries.
         */
        public Builder backoff(Duration base, Duration max) {
            positive(base, "backoff base");
            positive(max, "backoff max");
            if (max.compareTo(base) < 0) {
                throw new IllegalArgumentException("backoff max must be at least its base");
            }
            this.backoffBase = base;
            this.backoffMax = max;
            return this;
        }

        /** The deadline of {@link SpendlineClient#close()} (default 5 s). */
        public Builder closeDeadline(Duration closeDeadline) {
            this.closeDeadline = notNegative(closeDeadline, "closeDeadline");
            return this;
        }

        /** Told how each item ended; called on the sender thread. */
        public Builder listener(DeliveryListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * A started client.
         *
         * @throws IllegalStateException without credentials
         */
        public SpendlineClient build() {
            if (credentials == null) {
                throw new IllegalStateException("set apiKey(...) or credentials(...)");
            }
            return new SpendlineClient(this);
        }

        private static int atLeast(int value, int min, String name) {
            if (value < min) {
                throw new IllegalArgumentException(name + " must be at least " + min + ": " + value);
            }
            return value;
        }

        private static Duration positive(Duration value, String name) {
            if (value == null || value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }

        private static Duration notNegative(Duration value, String name) {
            if (value == null || value.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative: " + value);
            }
            return value;
        }
    }
}
