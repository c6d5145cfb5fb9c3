package dev.spendline.streams.door;

/**
 * A record on one of the topology's inputs breaks an invariant the gateway guarantees for every
 * record it writes (a timestamp, a workspace key, non-negative counts, a known schema version...).
 * Thrown by {@link DoorCheck} before any store sees the record; the processing exception handler
 * then sets it aside on the dead-letter topic with this message, and processing goes on.
 */
public final class InvalidRecordException extends RuntimeException {

    public InvalidRecordException(String message) {
        // No stack trace: the message says everything, and one is copied into every dead letter's headers.
        super(message, null, false, false);
    }
}
