package dev.spendline.cli.collector;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.spendline.cli.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies and reverts the agents' settings changes on disk. Before the first change to a file its
 * original is copied to the backups directory (or noted as absent); {@code install.json} records
 * per file what setup set and what it replaced, and a hash of what it wrote. Uninstall restores the
 * backup byte for byte when the file is still exactly what setup wrote, and otherwise takes out only
 * setup's own values, leaving later edits alone.
 */
final class SettingsPatcher {

    /** What happened to one file: {@code changed}, the unified diff shown, or why it was skipped. */
    record Outcome(String agent, Path file, boolean changed, String diff, String problem) {}

    private final CollectorPaths paths;

    SettingsPatcher(CollectorPaths paths) {
        this.paths = paths;
    }

    List<Outcome> apply(int port, String token, String email) throws IOException {
        ObjectNode record = readRecord();
        ObjectNode files = record.has("files") ? (ObjectNode) record.get("files") : record.putObject("files");
        List<Outcome> outcomes = new ArrayList<>();
        outcomes.add(applyOne(
                "claude_code",
                paths.claudeSettings(),
                files,
                (bytes, fileRecord) -> ClaudeSettings.patch(bytes, port, token, email, fileRecord)));
        outcomes.add(applyOne(
                "codex",
                paths.codexConfig(),
                files,
                (bytes, fileRecord) -> CodexConfig.patch(bytes, port, token, email, fileRecord)));
        writeRecord(record);
        return outcomes;
    }

    List<Outcome> revert() throws IOException {
        ObjectNode record = readRecord();
        List<Outcome> outcomes = new ArrayList<>();
        JsonNode files = record.path("files");
        for (var entry : files.properties()) {
            Path file = Path.of(entry.getKey());
            ObjectNode fileRecord = (ObjectNode) entry.getValue();
            String agent = Json.text(fileRecord, "agent");
            Path backup = Path.of(fileRecord.get("backup").asString());
            boolean existed = fileRecord.path("existed").asBoolean(true);
            if (!Files.exists(file)) {
                outcomes.add(new Outcome(agent, file, false, "", "it no longer exists; nothing to restore"));
                continue;
            }
            byte[] current = Files.readAllBytes(file);
            byte[] restored;
            if (sha256(current).equals(Json.text(fileRecord, "written"))) {
                // Untouched since setup: exactly the original.
                restored = existed ? Files.readAllBytes(backup) : null;
            } else {
                restored = "codex".equals(agent)
                        ? CodexConfig.revert(current, fileRecord)
                        : ClaudeSettings.revert(current, fileRecord);
            }
            if (restored == null) {
                Files.delete(file);
                outcomes.add(new Outcome(agent, file, true, diff(file, current, new byte[0]), null));
            } else if (!Arrays.equals(restored, current)) {
                Files2.writeKeepingMode(file, restored);
                outcomes.add(new Outcome(agent, file, true, diff(file, current, restored), null));
            } else {
                outcomes.add(new Outcome(agent, file, false, "", null));
            }
            Files.deleteIfExists(backup);
        }
        Files.deleteIfExists(paths.installRecord());
        return outcomes;
    }

    private interface Patch {
        byte[] apply(byte[] original, ObjectNode fileRecord);
    }

    private Outcome applyOne(String agent, Path file, ObjectNode files, Patch patch) throws IOException {
        String key = file.toAbsolutePath().toString();
        boolean exists = Files.exists(file);
        byte[] original = exists ? Files.readAllBytes(file) : new byte[0];
        ObjectNode fileRecord = files.has(key) ? (ObjectNode) files.get(key) : Json.object();
        byte[] patched;
        try {
            patched = patch.apply(original, fileRecord);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return new Outcome(agent, file, false, "", file + " was not changed: " + e.getMessage());
        }
        if (exists && Arrays.equals(patched, original)) {
            return new Outcome(agent, file, false, "", null);
        }
        if (!files.has(key)) {
            // The first change: keep the original (or note there was none) before writing.
            Path backup = paths.backups().resolve(agent + "-" + file.getFileName() + ".orig");
            if (exists) {
                Files2.writeAtomically(backup, original, true);
            }
            fileRecord.put("agent", agent);
            fileRecord.put("existed", exists);
            fileRecord.put("backup", backup.toString());
            files.set(key, fileRecord);
        }
        Files2.writeKeepingMode(file, patched);
        fileRecord.put("written", sha256(patched));
        return new Outcome(agent, file, true, diff(file, original, patched), null);
    }

    /** A unified diff with one line of context: what the user needs to see, no more. */
    static String diff(Path file, byte[] before, byte[] after) {
        List<String> a = lines(before);
        List<String> b = lines(after);
        List<String> diff =
                UnifiedDiffUtils.generateUnifiedDiff(file + " (before)", file.toString(), a, DiffUtils.diff(a, b), 1);
        return String.join("\n", diff);
    }

    private static List<String> lines(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("\r?\n", -1));
    }

    private ObjectNode readRecord() throws IOException {
        if (!Files.exists(paths.installRecord())) {
            return Json.object();
        }
        JsonNode node = Json.mapper().readTree(Files.readString(paths.installRecord(), StandardCharsets.UTF_8));
        return node instanceof ObjectNode object ? object : Json.object();
    }

    private void writeRecord(ObjectNode record) throws IOException {
        Files2.writeAtomically(paths.installRecord(), Json.mapper().writeValueAsBytes(record), true);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
