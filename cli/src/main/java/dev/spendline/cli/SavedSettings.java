package dev.spendline.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The non-secret settings of the last login, in {@code <config dir>/config.json}: the service URL,
 * which store holds the key, and the workspace it reached. Never the key.
 *
 * @param url the service URL logged in to, or null
 * @param store {@code keyring} or {@code file}, or null when logged out
 * @param workspaceId the workspace the key reached at login, or null
 */
public record SavedSettings(String url, String store, String workspaceId) {

    public static final SavedSettings NONE = new SavedSettings(null, null, null);

    public static Path file(Environment environment) {
        return environment.configDir().resolve("config.json");
    }

    /** The saved settings, or {@link #NONE}; a broken file is reported, not silently ignored. */
    public static SavedSettings read(Environment environment) {
        Path file = file(environment);
        if (!Files.exists(file)) {
            return NONE;
        }
        try {
            JsonNode node = Json.mapper().readTree(Files.readString(file));
            return new SavedSettings(Json.text(node, "url"), Json.text(node, "store"), Json.text(node, "workspaceId"));
        } catch (IOException | JacksonException e) {
            throw new CliException(ExitCodes.ERROR, "invalid_config", "Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public void write(Environment environment) {
        Path file = file(environment);
        ObjectNode node = Json.object();
        node.put("url", url);
        node.put("store", store);
        node.put("workspaceId", workspaceId);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Json.write(node) + "\n");
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.ERROR, "config_not_written", "Cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
