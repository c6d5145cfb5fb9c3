package dev.spendline.contracts.schemas;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The published JSON Schemas (draft 2020-12) of {@code docs/schemas}, as the jar carries them (copied
 * at build time; the read tools' own, in {@code docs/schemas/tools}, are served by {@code ReadTool}).
 * One copy, read by the surfaces that describe the API (the OpenAPI document) and checked against
 * the server by {@code PublishedSchemasTest}.
 */
public enum PublishedSchemas {
    /** One product event, the body of {@code POST /api/v1/events}. */
    PRODUCT_EVENT("product-event"),
    /** A batch of product events ({@code {"events": [...]}}). */
    EVENT_BATCH("event-batch"),
    /** One internal usage row, the body of {@code POST /api/v1/internal-usage}. */
    INTERNAL_USAGE_ROW("internal-usage-row"),
    /** A batch of internal usage rows ({@code {"rows": [...]}}). */
    INTERNAL_USAGE_BATCH("internal-usage-batch"),
    /** The message a webhook endpoint receives. */
    WEBHOOK_EVENT("webhook-event");

    private final String name;
    private volatile String text;

    PublishedSchemas(String name) {
        this.name = name;
    }

    /** The schema's name: its file name without {@code .schema.json} (e.g. {@code product-event}). */
    public String schemaName() {
        return name;
    }

    /** The file name, as other schemas name it in a {@code $ref}. */
    public String fileName() {
        return name + ".schema.json";
    }

    /** The schema (JSON text), exactly as published. */
    public String text() {
        String loaded = text;
        if (loaded == null) {
            loaded = load(fileName());
            text = loaded;
        }
        return loaded;
    }

    /** The schema a {@code $ref} names by its file name; null when it is none of these. */
    public static PublishedSchemas ofFile(String fileName) {
        for (PublishedSchemas schema : values()) {
            if (schema.fileName().equals(fileName)) {
                return schema;
            }
        }
        return null;
    }

    private static String load(String file) {
        try (InputStream in = PublishedSchemas.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("The jar lacks the schema " + file + " (built from docs/schemas)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
