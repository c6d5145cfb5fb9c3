package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@code collector run} last did, in {@code state.json} for {@code status}: the receiver's
 * port, the last delivery, counters since start, the last error. Written whole through a rename.
 */
final class CollectorState {

    private final Path file;
    private final ObjectNode state;

    private CollectorState(Path file, ObjectNode state) {
        this.file = file;
        this.state = state;
    }

    static CollectorState read(Path file) {
        try {
            if (Files.exists(file)) {
                JsonNode node = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
                if (node instanceof ObjectNode object) {
                    return new CollectorState(file, object);
                }
            }
        } catch (IOException | RuntimeException e) {
            // A broken state file only costs status its figures; run rewrites it.
        }
        return new CollectorState(file, Json.object());
    }

    ObjectNode json() {
        return state;
    }

    synchronized void started(int port, long pid) {
        state.put("port", port);
        state.put("pid", pid);
        state.put("startedAt", Instant.now().toString());
        write();
    }

    synchronized void delivered(int rows) {
        state.put("lastDeliveryAt", Instant.now().toString());
        state.put("lastDeliveryRows", rows);
        state.put("deliveredRows", state.path("deliveredRows").asLong(0) + rows);
        write();
    }

    synchronized void rejected(int rows, String reason) {
        state.put("rejectedRows", state.path("rejectedRows").asLong(0) + rows);
        error("rejected " + rows + " row(s): " + reason);
    }

    synchronized void dropped(long rows) {
        state.put("droppedRows", state.path("droppedRows").asLong(0) + rows);
        write();
    }

    synchronized void error(String message) {
        state.put("lastError", message);
        state.put("lastErrorAt", Instant.now().toString());
        write();
    }

    synchronized void buffered(long rows) {
        state.put("bufferedRows", rows);
        write();
    }

    private void write() {
        state.put("updatedAt", Instant.now().toString());
        try {
            Files2.writeAtomically(file, Json.mapper().writeValueAsBytes(state), true);
        } catch (IOException e) {
            // status loses its figures; delivery goes on.
        }
    }
}
