package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rows Spendline refused for good (a 400 that cleaning could not prevent), kept instead of deleted:
 * one JSON object per line, {@code {"quarantinedAt", "reason", "row"}}, in a user-only (0600) file
 * under the collector's state directory. {@code collector status} counts them; a person can read
 * them, fix the cause and resend. Bounded by rows, so a collector that is refused everything cannot
 * fill the disk: past the bound, rows are counted as dropped instead.
 */
final class Quarantine {

    /** Far above what a working collector ever refuses; enough to diagnose one that refuses everything. */
    static final int DEFAULT_MAX_ROWS = 10_000;

    private final Path file;
    private final int maxRows;
    private final Clock clock;
    private long rows;

    Quarantine(Path file, int maxRows, Clock clock) {
        this.file = file;
        this.maxRows = maxRows;
        this.clock = clock;
        this.rows = Math.max(0, countIn(file));
    }

    /**
     * Appends each row with the service's reason; returns how many were kept (the rest did not fit
     * under the bound).
     */
    synchronized int add(List<ObjectNode> refused, String reason) throws IOException {
        int room = (int) Math.max(0, Math.min(refused.size(), maxRows - rows));
        if (room == 0) {
            return 0;
        }
        StringBuilder lines = new StringBuilder();
        for (ObjectNode row : refused.subList(0, room)) {
            ObjectNode entry = Json.object();
            entry.put("quarantinedAt", clock.instant().toString());
            entry.put("reason", reason);
            entry.set("row", row);
            lines.append(Json.mapper()
                            .writer()
                            .without(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(entry))
                    .append('\n');
        }
        createUserOnly();
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.APPEND)) {
            out.write(lines.toString().getBytes(StandardCharsets.UTF_8));
        }
        rows += room;
        return room;
    }

    synchronized long rows() {
        return rows;
    }

    Path file() {
        return file;
    }

    /** The rows in a quarantine file (its lines); 0 without one, -1 when it cannot be read. */
    static long countIn(Path file) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            long count = 0;
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    count++;
                }
            }
            return count;
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            return -1;
        }
    }

    private void createUserOnly() throws IOException {
        if (Files.exists(file)) {
            return;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            // The rows hold the user's e-mail address and usage: readable by the user alone.
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(file);
        }
    }
}
