package dev.spendline.cli.ask;

import dev.spendline.cli.CliException;
import dev.spendline.cli.Environment;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The context of the last answered question, in {@code <state dir>/ask-context.json}, so that
 * {@code spendline ask --follow-up "and last month?"} sends it back. Kept with the service URL it
 * came from: a context is only sent to the service that wrote it. Not a secret (it holds the
 * previous tool call), but it is state, not configuration.
 *
 * @param url the service URL that answered
 * @param question the question answered
 * @param context the answer's opaque {@code context}
 */
record AskContextFile(String url, String question, String context) {

    static Path file(Environment environment) {
        return environment.stateDir().resolve("ask-context.json");
    }

    /** The saved context, or null when no question has been answered yet. */
    static AskContextFile read(Environment environment) {
        Path file = file(environment);
        if (!Files.exists(file)) {
            return null;
        }
        try {
            JsonNode node = Json.mapper().readTree(Files.readString(file));
            AskContextFile saved =
                    new AskContextFile(Json.text(node, "url"), Json.text(node, "question"), Json.text(node, "context"));
            if (saved.url() == null || saved.context() == null) {
                throw new CliException(
                        ExitCodes.ERROR,
                        "invalid_state",
                        "Cannot read " + file + ": it has no url or context; ask a question without --follow-up");
            }
            return saved;
        } catch (IOException | JacksonException e) {
            throw new CliException(ExitCodes.ERROR, "invalid_state", "Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    void write(Environment environment) {
        Path file = file(environment);
        ObjectNode node = Json.object();
        node.put("url", url);
        node.put("question", question);
        node.put("context", context);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Json.write(node) + "\n");
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.ERROR, "state_not_written", "Cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
