package dev.spendline.contracts.deadletter;

import java.time.Instant;

/**
 * The workspace's records that the topology could not read or process and set aside on
 * {@code spendline.dead-letters.v1} instead (docs/operations.md, "Dead letters"): how many, since
 * when, and the last one's time and reason. Nothing of them is in any report until an operator
 * re-drives them.
 *
 * @param count records set aside since {@code firstAt}; 0 when there are none
 * @param firstAt when the first was set aside (the time of the dead-letter record); null when none
 * @param lastAt when the last was; null when none
 * @param lastReason {@code invalid} (a broken invariant), {@code unreadable} (not a record of the
 *     topic's schema) or {@code failed} (processing failed); null when none
 */
public record DeadLetterCount(String workspaceId, long count, Instant firstAt, Instant lastAt, String lastReason) {

    public static DeadLetterCount none(String workspaceId) {
        return new DeadLetterCount(workspaceId, 0, null, null, null);
    }

    /** This count with one more record set aside at {@code at}. */
    public DeadLetterCount plusOne(Instant at, String reason) {
        return new DeadLetterCount(
                workspaceId,
                count + 1,
                firstAt == null || at.isBefore(firstAt) ? at : firstAt,
                lastAt == null || at.isAfter(lastAt) ? at : lastAt,
                reason);
    }
}
