package dev.spendline.client;

/**
 * A snapshot of a client's counters, all in items since the client was built.
 *
 * @param sent accepted by Spendline ({@code 2xx})
 * @param retried item re-sends: a batch of 10 sent a second time adds 10
 * @param dropped removed from a full buffer, or sent after close
 * @param rejected refused with a non-retryable {@code 4xx}
 * @param failed given up: retries exhausted, or still unsent when close's deadline passed
 * @param buffered sent by the caller and not settled yet (waiting or in flight), now
 */
public record ClientMetrics(long sent, long retried, long dropped, long rejected, long failed, long buffered) {}
