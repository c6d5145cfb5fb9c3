package dev.spendline.cli.collector;

import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The collector's non-secret settings, written by {@code setup} to
 * {@code $XDG_CONFIG_HOME/spendline/collector.json} (mode 0600: the receiver token is in it).
 *
 * @param url the Spendline base URL
 * @param port the receiver's port on 127.0.0.1
 * @param team the team name put on every row, or null
 * @param receiverToken the random token agents send in {@code x-spendline-collector}
 * @param store where the refresh token is ({@code keyring} or {@code file})
 * @param email the signed-in user's e-mail (the access token's {@code email} claim)
 * @param name the user's display name, or null
 * @param workspaceId the workspace of the session
 * @param workspaceName its name, or null
 */
public record CollectorConfig(
        String url,
        int port,
        String team,
        String receiverToken,
        String store,
        String email,
        String name,
        String workspaceId,
        String workspaceName) {

    public static final int DEFAULT_PORT = 4319;

    public static Optional<CollectorConfig> read(CollectorPaths paths) {
        Path file = paths.config();
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
            JsonNode port = node.get("port");
            return Optional.of(new CollectorConfig(
                    Json.text(node, "url"),
                    port == null || !port.isNumber() ? DEFAULT_PORT : port.asInt(),
                    Json.text(node, "team"),
                    Json.text(node, "receiverToken"),
                    Json.text(node, "store"),
                    Json.text(node, "email"),
                    Json.text(node, "name"),
                    Json.text(node, "workspaceId"),
                    Json.text(node, "workspaceName")));
        } catch (IOException | JacksonException e) {
            throw new CliException(ExitCodes.ERROR, "invalid_config", "Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The settings, or exit 3 with what to run when setup never ran. */
    public static CollectorConfig require(CollectorPaths paths) {
        return read(paths)
                .orElseThrow(() -> new CliException(
                        ExitCodes.AUTH,
                        "collector_not_set_up",
                        "The collector is not set up (no " + paths.config() + "): run 'spendline collector setup'"));
    }

    public void write(CollectorPaths paths) {
        ObjectNode node = Json.object();
        node.put("url", url);
        node.put("port", port);
        node.put("team", team);
        node.put("receiverToken", receiverToken);
        node.put("store", store);
        node.put("email", email);
        node.put("name", name);
        node.put("workspaceId", workspaceId);
        node.put("workspaceName", workspaceName);
        try {
            Files2.writeAtomically(paths.config(), (Json.write(node) + "\n").getBytes(StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.ERROR, "config_not_written", "Cannot write " + paths.config() + ": " + e.getMessage(), e);
        }
    }
}
