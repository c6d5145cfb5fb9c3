package dev.spendline.client;

import java.io.IOException;

/**
 * Where the client gets its bearer: a workspace API key, or an OAuth access token that the
 * implementation refreshes. Called on the sender thread, before each request.
 */
public interface BearerCredentials {

    /** The current bearer (API key or access token). An exception is treated like a network error: retried. */
    String token() throws IOException;

    /**
     * Called when the server answered {@code 401} to {@code rejected}; the client then asks
     * {@link #token()} again and retries once. An implementation drops a cached access token here.
     */
    default void unauthorized(String rejected) {}

    /** A fixed API key. */
    static BearerCredentials apiKey(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("the API key is empty");
        }
        return () -> key;
    }
}
