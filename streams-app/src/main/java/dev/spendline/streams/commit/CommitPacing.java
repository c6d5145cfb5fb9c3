package dev.spendline.streams.commit;

import java.time.Duration;

/**
 * How often results are committed, and so made visible to reads: every {@code live} while the
 * stream keeps up, every {@code catchUp} while it works off a backlog.
 *
 * <p>Why two: a commit makes results visible (the stores merge their per-commit tables then) and
 * costs work per distinct key it writes, not per event. A longer interval folds more events into
 * each key, so fewer RocksDB writes and changelog records per event: on the profile, 1 s commits
 * take a fifth to a quarter less of the stream thread's CPU per event than 100 ms ones
 * (docs/performance.md, "Commits paced by the backlog"). While the stream is live that would cost
 * freshness; while it is behind, freshness is already worse than a catch-up interval, and catching
 * up faster is what shortens it.
 *
 * <p>Kafka Streams commits every {@link #kafkaCommitIntervalMs()} by itself (the longer of the
 * two); {@link CommitRequests} asks for a commit every {@code live} in which it saw a record that
 * waited no longer than {@code catchUp} since it was accepted (its record timestamp is the
 * gateway's time of receipt). Under a load just above what live commits sustain, the wait
 * should therefore settle near {@code catchUp} instead of growing without bound (not measured).
 *
 * @param live the commit interval while the stream keeps up (freshness)
 * @param catchUp the commit interval while records waited longer than this since they were accepted
 */
public record CommitPacing(Duration live, Duration catchUp) {

    /** 100 ms (Kafka Streams' default under exactly-once) live; 1 s while catching up. */
    public static final CommitPacing DEFAULT = new CommitPacing(Duration.ofMillis(100), Duration.ofSeconds(1));

    public CommitPacing {
        if (live == null
                || catchUp == null
                || live.isNegative()
                || live.isZero()
                || catchUp.isNegative()
                || catchUp.isZero()) {
            throw new IllegalArgumentException(
                    "Commit intervals must be positive: live " + live + ", catch-up " + catchUp);
        }
    }

    /**
     * {@code commit.interval.ms}: the longer interval, since Kafka Streams commits at least that
     * often on its own and {@link CommitRequests} asks for the shorter one when the stream is live.
     */
    public long kafkaCommitIntervalMs() {
        return Math.max(live.toMillis(), catchUp.toMillis());
    }

    /** A request pacer for one processor instance (not thread-safe: a task's thread owns it). */
    public CommitRequests requests() {
        return new CommitRequests(live.toMillis(), catchUp.toMillis());
    }
}
