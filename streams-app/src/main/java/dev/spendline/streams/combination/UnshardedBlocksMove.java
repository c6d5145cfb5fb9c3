package dev.spendline.streams.combination;

import java.time.Duration;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a task's combination blocks of layout 2 into customer shards after an upgrade, a chunk of up
 * to 16 blocks every half second on the stream thread ({@link
 * CombinationBlockStore#migrateUnshardedBlocks}), so that the move never holds up the events for
 * long: at 10 M events (about 1,800 blocks of up to 256 KiB) it takes a few minutes, and reads are
 * exact throughout. Stops itself when none is left.
 */
public final class UnshardedBlocksMove {

    static final Duration INTERVAL = Duration.ofMillis(500);
    /** One chunk (at most 16 blocks of 256 KiB) per run: 100–200 ms of the stream thread. */
    static final int CHUNKS_PER_RUN = 1;

    private static final Logger log = LoggerFactory.getLogger(UnshardedBlocksMove.class);

    private final CombinationBlockStore store;
    private final String task;
    private Cancellable schedule;
    private long moved;

    private UnshardedBlocksMove(CombinationBlockStore store, String task) {
        this.store = store;
        this.task = task;
    }

    /** Schedules the move on the processor's wall clock; call from {@code init}. */
    public static void schedule(ProcessorContext<?, ?> context, CombinationBlockStore store) {
        UnshardedBlocksMove move =
                new UnshardedBlocksMove(store, context.taskId().toString());
        move.schedule = context.schedule(INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> move.run());
    }

    void run() {
        int n = store.migrateUnshardedBlocks(CHUNKS_PER_RUN);
        if (n > 0) {
            if (moved == 0) {
                log.info(
                        "Task {}: moving the combination blocks of layout 2 in {} into customer shards",
                        task,
                        store.name());
            }
            moved += n;
            return;
        }
        if (moved > 0) {
            log.info("Task {}: moved {} combination blocks of layout 2 into customer shards", task, moved);
        }
        schedule.cancel();
    }
}
