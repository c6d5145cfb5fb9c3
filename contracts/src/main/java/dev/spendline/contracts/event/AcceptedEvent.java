package dev.spendline.contracts.event;

import java.time.Instant;

/**
 * The value of a record on {@code spendline.events.v1}: a validated event, the workspace it was
 * sent to (also the record key) and when the gateway accepted it.
 */
public record AcceptedEvent(int schemaVersion, String workspaceId, Instant receivedAt, ProductEvent event) {

    public static final int SCHEMA_VERSION = 1;

    public static AcceptedEvent of(String workspaceId, Instant receivedAt, ProductEvent event) {
        return new AcceptedEvent(SCHEMA_VERSION, workspaceId, receivedAt, event);
    }
}
