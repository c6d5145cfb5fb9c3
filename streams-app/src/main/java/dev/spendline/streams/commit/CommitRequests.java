package dev.spendline.streams.commit;

import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * Asks Kafka Streams for a commit at most once per live interval, and only while the records seen
 * are live: accepted no longer than the catch-up interval ago ({@link CommitPacing}). Otherwise the
 * thread commits on its own every catch-up interval.
 *
 * <p>{@link ProcessingContext#commit()} only marks the task; the stream thread commits (every task
 * it runs, under exactly-once in one transaction) when it next checks, after the current batch of
 * records. The clock is the context's cached system time, so this adds two comparisons per record.
 */
public final class CommitRequests {

    private final long liveMs;
    private final long catchUpMs;
    private long lastRequestMs = Long.MIN_VALUE;
    private long requests;

    CommitRequests(long liveMs, long catchUpMs) {
        this.liveMs = liveMs;
        this.catchUpMs = catchUpMs;
    }

    /**
     * @param acceptedAtMs when the record was accepted: its record timestamp, the gateway's time
     *     of receipt
     */
    public void seen(ProcessingContext context, long acceptedAtMs) {
        long now = context.currentSystemTimeMs();
        if (now - acceptedAtMs <= catchUpMs && (lastRequestMs == Long.MIN_VALUE || now - lastRequestMs >= liveMs)) {
            lastRequestMs = now;
            requests++;
            context.commit();
        }
    }

    /** Commits asked for so far (for tests and metrics). */
    public long requests() {
        return requests;
    }
}
