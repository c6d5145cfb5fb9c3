package dev.spendline.cli.collector;

import dev.spendline.cli.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * The collector's on-disk buffer of rows not delivered yet. One small file per received request
 * ({@code <sequence>-<rows>.jsonl}, one row per line), written through a temporary file and a rename:
 * a crash leaves whole files only, and the row count in the name lets start-up and {@code status}
 * count without reading. The sequence orders files oldest first.
 *
 * <p>Bounded by rows: when an append would exceed {@code maxRows}, the oldest files are deleted and
 * their rows counted as dropped. A file leaves only when each of its rows was delivered or refused
 * for good ({@link #settle}); rows keep their {@code externalId}, so a file resent after a crash is
 * counted once by the service. Survives a restart of the collector process (not a power loss: the
 * files are not fsynced, which would cost every agent request a disk flush).
 */
final class Spool {

    private static final Pattern NAME = Pattern.compile("(\\d{19})-(\\d+)\\.jsonl");

    /** One file's rows, oldest first. */
    record Batch(Path file, List<ObjectNode> rows) {}

    private final Path dir;
    private final int maxRows;
    private final TreeMap<Long, Path> files = new TreeMap<>();
    private long rows;
    private long dropped;
    private long nextSequence;

    Spool(Path dir, int maxRows) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be at least 1");
        }
        this.dir = dir;
        this.maxRows = maxRows;
        try {
            Files.createDirectories(dir);
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path entry : entries) {
                    Matcher matcher = NAME.matcher(entry.getFileName().toString());
                    if (matcher.matches()) {
                        long sequence = Long.parseLong(matcher.group(1));
                        files.put(sequence, entry);
                        rows += Long.parseLong(matcher.group(2));
                    } else if (entry.getFileName().toString().endsWith(".tmp")) {
                        // A write the process did not finish: it was never acknowledged to the agent.
                        Files.deleteIfExists(entry);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the spool " + dir + ": " + e.getMessage(), e);
        }
        nextSequence = files.isEmpty()
                ? System.currentTimeMillis() * 1000
                : Math.max(files.lastKey() + 1, System.currentTimeMillis() * 1000);
    }

    /** Appends the rows as one file; returns how many older rows were dropped to make room. */
    synchronized long append(List<ObjectNode> batch) throws IOException {
        if (batch.isEmpty()) {
            return 0;
        }
        long droppedNow = 0;
        while (!files.isEmpty() && rows + batch.size() > maxRows) {
            var oldest = files.pollFirstEntry();
            long count = count(oldest.getValue());
            Files.deleteIfExists(oldest.getValue());
            rows -= count;
            droppedNow += count;
        }
        List<ObjectNode> kept = batch.size() > maxRows ? batch.subList(batch.size() - maxRows, batch.size()) : batch;
        droppedNow += batch.size() - kept.size();
        long sequence = nextSequence++;
        Path file = dir.resolve(String.format("%019d-%d.jsonl", sequence, kept.size()));
        Files2.writeAtomically(file, lines(kept), true);
        files.put(sequence, file);
        rows += kept.size();
        dropped += droppedNow;
        return droppedNow;
    }

    /** The oldest files holding up to about {@code maxRows} rows (at least one file). */
    synchronized List<Batch> oldest(int maxRowsToRead) throws IOException {
        List<Batch> batches = new ArrayList<>();
        int read = 0;
        for (Path file : new ArrayList<>(files.values())) {
            if (read > 0 && read + count(file) > maxRowsToRead) {
                break;
            }
            List<ObjectNode> content = new ArrayList<>();
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        content.add((ObjectNode) Json.mapper().readTree(line));
                    }
                }
            } catch (NoSuchFileException e) {
                continue;
            }
            batches.add(new Batch(file, content));
            read += content.size();
        }
        return batches;
    }

    /**
     * Removes the rows of {@code batch} whose {@code externalId} is in {@code settled}; the file goes
     * when none is left, else is rewritten with the rows still to send.
     */
    synchronized void settle(Batch batch, Set<String> settled) throws IOException {
        Long sequence = sequenceOf(batch.file());
        if (sequence == null || !files.containsKey(sequence)) {
            return; // dropped meanwhile to make room
        }
        List<ObjectNode> left = new ArrayList<>();
        for (ObjectNode row : batch.rows()) {
            if (!settled.contains(Json.text(row, "externalId"))) {
                left.add(row);
            }
        }
        if (left.size() == batch.rows().size()) {
            return;
        }
        // The rows still to send are written before the old file goes: a crash in between resends
        // some rows (counted once thanks to their externalId) rather than losing any.
        Path file = dir.resolve(String.format("%019d-%d.jsonl", sequence, left.size()));
        if (!left.isEmpty()) {
            Files2.writeAtomically(file, lines(left), true);
        }
        Files.deleteIfExists(batch.file());
        files.remove(sequence);
        rows -= batch.rows().size();
        if (!left.isEmpty()) {
            files.put(sequence, file);
            rows += left.size();
        }
    }

    synchronized long rows() {
        return rows;
    }

    /** Rows dropped by this process to keep the bound. */
    synchronized long dropped() {
        return dropped;
    }

    /** The rows buffered in {@code dir}, from the file names alone (for {@code status}). */
    static long countIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        long total = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                total += count(entry);
            }
        } catch (IOException e) {
            return -1;
        }
        return total;
    }

    private static long count(Path file) {
        Matcher matcher = NAME.matcher(file.getFileName().toString());
        return matcher.matches() ? Long.parseLong(matcher.group(2)) : 0;
    }

    private static Long sequenceOf(Path file) {
        Matcher matcher = NAME.matcher(file.getFileName().toString());
        return matcher.matches() ? Long.parseLong(matcher.group(1)) : null;
    }

    private static byte[] lines(List<ObjectNode> rows) {
        StringBuilder text = new StringBuilder();
        for (ObjectNode row : rows) {
            // One line each: the compact form, not the CLI's indented output.
            text.append(Json.mapper()
                            .writer()
                            .without(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(row))
                    .append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}
