package dev.spendline.contracts.tools;

import dev.spendline.contracts.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The read tools' JSON Schemas as the jar carries them (copied from docs/schemas/tools at build time). */
final class ToolSchemas {

    private static final Map<String, String> TEXTS = new ConcurrentHashMap<>();

    private ToolSchemas() {}

    static String text(String file) {
        return TEXTS.computeIfAbsent(file, ToolSchemas::load);
    }

    static String description(String file) {
        return Json.MAPPER.readTree(text(file)).get("description").asString();
    }

    private static String load(String file) {
        try (InputStream in = ToolSchemas.class.getResourceAsStream("schemas/" + file)) {
            if (in == null) {
                throw new IllegalStateException(
                        "The jar lacks the schema " + file + " (built from docs/schemas/tools)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
