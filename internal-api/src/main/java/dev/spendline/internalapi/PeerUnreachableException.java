package dev.spendline.internalapi;

import dev.spendline.contracts.query.QueryUnavailableException;

/**
 * The instance asked could not be reached at all: the connection was refused or timed out, or the
 * request got no answer in time. Unlike its parent (the instance answered 503: it is alive but
 * cannot answer yet), this says the instance itself is probably gone, so callers remember it in
 * {@link UnreachablePeers} and ask others first for a while.
 */
public class PeerUnreachableException extends QueryUnavailableException {

    public PeerUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
