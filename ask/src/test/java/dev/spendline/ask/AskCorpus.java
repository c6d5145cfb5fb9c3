package dev.spendline.ask;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Dimension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The question corpus ({@code ask/corpus.json}): questions with a fixed moment and vocabulary, and
 * the one tool call (or {@code answered: false}) each must be read as, with note fragments.
 */
public final class AskCorpus {

    /**
     * @param write for a budget asked for, the {@code create_budget} prepare request Ask fills in
     * @param reply for another change asked for, a fragment of what Ask says instead
     */
    record Entry(
            String question,
            boolean answered,
            String tool,
            JsonNode arguments,
            List<String> notes,
            JsonNode write,
            String reply) {
        @Override
        public String toString() {
            return question;
        }
    }

    static final JsonNode ROOT = load("/ask/corpus.json");
    public static final Instant NOW = Instant.parse(ROOT.get("now").asString());
    public static final Vocabulary VOCABULARY = vocabulary(ROOT.get("vocabulary"));

    /**
     * The held-back part ({@code ask/held-back.json}): written apart from the interpreter's
     * development, by someone who did not read its rules, to estimate accuracy on questions nobody
     * tuned it for. Same moment and vocabulary as the development corpus.
     */
    static final JsonNode HELD_BACK = load("/ask/held-back.json");

    private AskCorpus() {}

    static List<Entry> entries() {
        return entries(ROOT);
    }

    static List<Entry> heldBack() {
        return entries(HELD_BACK);
    }

    private static List<Entry> entries(JsonNode root) {
        List<Entry> entries = new ArrayList<>();
        for (JsonNode e : root.get("questions")) {
            List<String> notes = new ArrayList<>();
            if (e.has("notes")) {
                e.get("notes").forEach(n -> notes.add(n.asString()));
            }
            boolean answered = !e.has("answered") || e.get("answered").asBoolean();
            entries.add(new Entry(
                    e.get("question").asString(),
                    answered,
                    answered ? e.get("tool").asString() : null,
                    e.get("arguments"),
                    notes,
                    e.get("write"),
                    e.has("reply") ? e.get("reply").asString() : null));
        }
        return entries;
    }

    static JsonNode load(String resource) {
        try (InputStream in = AskCorpus.class.getResourceAsStream(resource)) {
            return Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Vocabulary vocabulary(JsonNode node) {
        Map<Dimension, Set<String>> values = new EnumMap<>(Dimension.class);
        for (String name : node.propertyNames()) {
            Set<String> names = new LinkedHashSet<>();
            node.get(name).forEach(v -> names.add(v.asString()));
            values.put(Dimension.valueOf(name), names);
        }
        return new Vocabulary(values);
    }
}
