package dev.spendline.streams.combination;

import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Merges the blocks of past days once they are no longer written ({@link
 * CombinationBlockStore#consolidatePastDays}), a few shard-days per second on the stream thread: a
 * backfill or a late batch leaves a day with up to 15 blocks per level in each shard, which every
 * later read of that day would otherwise pay for.
 */
public final class PastDaysConsolidation {

    static final Duration INTERVAL = Duration.ofSeconds(1);
    /** About 10–20 ms of the stream thread each, for a shard's day at 10 M events a month. */
    static final int SHARD_DAYS_PER_RUN = 4;

    private PastDaysConsolidation() {}

    /** Schedules it on the processor's wall clock; call from {@code init}. */
    public static void schedule(ProcessorContext<?, ?> context, CombinationBlockStore store) {
        context.schedule(
                INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> store.consolidatePastDays(now, SHARD_DAYS_PER_RUN));
    }
}
