package dev.spendline.client;

import java.util.List;

/**
 * What happened to the items sent. Every item ends in exactly one of {@code delivered},
 * {@code rejected}, {@code failed} or {@code dropped}. Called on the client's sender thread (except
 * {@code dropped} for an item sent after {@link SpendlineClient#close}, called on the sending
 * thread): keep it quick, and never call the provider again from here. An exception thrown by a
 * listener is logged and ignored.
 */
public interface DeliveryListener {

    /** Accepted by Spendline ({@code 2xx}): durable. */
    default void delivered(List<? extends Item> items) {}

    /**
     * Refused with a {@code 4xx} other than 401-then-ok, 408 and 429: never retried, since the same
     * request would fail again. {@code problemJson} is the answer's body (RFC 9457 problem JSON listing
     * every problem, with pointers such as {@code /events/3/costUsd}).
     */
    default void rejected(List<? extends Item> items, int status, String problemJson) {}

    /** Not delivered: retries exhausted, or the client closed before it could be sent. */
    default void failed(List<? extends Item> items, String reason) {}

    /** Removed from a full buffer to make room (the oldest goes first), or sent after close. */
    default void dropped(Item item) {}
}
