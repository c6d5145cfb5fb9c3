package dev.spendline.streams.commit;

import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Asks Kafka Streams for a commit once per live interval when a live record was seen in it: one
 * accepted no longer than the catch-up interval ago ({@link CommitPacing}). Otherwise the thread
 * commits on its own every catch-up interval.
 *
 * <p>The ask comes from a wall-clock punctuation, not from the record: a record processed just
 * after a commit must still be committed within the live interval, also when no record follows it
 * (the end of a burst). {@link ProcessingContext#commit()} only marks the task; the stream thread
 * commits (every task it runs, under exactly-once in one transaction) right after its
 * punctuations. Per record this is one comparison.
 */
public final class CommitRequests {

    private final long liveMs;
    private final long catchUpMs;
    private boolean liveSeen;
    private long requests;

    CommitRequests(long liveMs, long catchUpMs) {
        this.liveMs = liveMs;
        this.catchUpMs = catchUpMs;
    }

    /** Schedules the asking on the processor's wall clock; call from {@code init}. */
    public void schedule(ProcessorContext<?, ?> context) {
        context.schedule(Duration.ofMillis(liveMs), PunctuationType.WALL_CLOCK_TIME, now -> punctuate(context));
    }

    /**
     * @param acceptedAtMs when the record was accepted: its record timestamp, the gateway's time
     *     of receipt
     */
    public void seen(ProcessingContext context, long acceptedAtMs) {
        if (!liveSeen && context.currentSystemTimeMs() - acceptedAtMs <= catchUpMs) {
            liveSeen = true;
        }
    }

    /** Asks for a commit if a live record was seen since the last ask. */
    void punctuate(ProcessingContext context) {
        if (liveSeen) {
            liveSeen = false;
            requests++;
            context.commit();
        }
    }

    /** Commits asked for so far (for tests and metrics). */
    public long requests() {
        return requests;
    }
}
