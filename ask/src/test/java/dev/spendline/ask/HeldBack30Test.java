package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue #30's held-back part ({@code ask/held-back-30.json}): written from the tools' contract by
 * someone who had not read the interpreter, the corpus or docs/ask.md, before the code that answers
 * two groupings, follow-ups and write intents. Scored as the development corpus is, with the
 * set's own rules: {@code partial} entries check only the arguments they list, {@code exclude}
 * lists are sets, {@code acceptableTools} allows either tool, {@code didYouMean} wants a refusal
 * that names one of the nearest values. The table and the misses go to {@code
 * target/ask-accuracy-held-back-30.md}; docs/ask.md records the first run.
 */
class HeldBack30Test {

    private static final JsonNode ROOT = AskCorpus.load("/ask/held-back-30.json");

    record Outcome(JsonNode entry, Interpretation reading, boolean right) {}

    static List<Outcome> score() {
        Instant now = Instant.parse(ROOT.get("now").asString());
        Vocabulary vocabulary = AskCorpus.vocabulary(ROOT.get("vocabulary"));
        List<Outcome> outcomes = new ArrayList<>();
        for (JsonNode e : ROOT.get("questions")) {
            Interpretation reading = new QuestionInterpreter(vocabulary, now, ZoneOffset.UTC)
                    .interpret(e.get("question").asString());
            outcomes.add(new Outcome(e, reading, right(e, reading)));
        }
        return outcomes;
    }

    static boolean right(JsonNode expected, Interpretation reading) {
        if (expected.has("prepareOnly") && expected.get("prepareOnly").asBoolean()) {
            // A budget asked for: never a call, the create_budget request filled in.
            if (reading.answered() || reading.write() == null || reading.write().budget() == null) {
                return false;
            }
            JsonNode request = Json.MAPPER.valueToTree(reading.write().budget().request());
            return expected.get("tool").asString().equals(request.get("action").asString())
                    && matches(expected, request);
        }
        boolean answered = !expected.has("answered") || expected.get("answered").asBoolean();
        if (!answered) {
            if (reading.answered()
                    || reading.reason() == null
                    || reading.reason().isBlank()) {
                return false;
            }
            if (expected.has("didYouMean")) {
                for (JsonNode name : expected.get("didYouMean")) {
                    if (reading.reason().contains(name.asString())) {
                        return true;
                    }
                }
                return false;
            }
            return true;
        }
        if (!reading.answered()) {
            return false;
        }
        Set<String> tools = new HashSet<>();
        tools.add(expected.get("tool").asString());
        if (expected.has("acceptableTools")) {
            expected.get("acceptableTools").forEach(t -> tools.add(t.asString()));
        }
        if (!tools.contains(reading.call().name())) {
            return false;
        }
        return matches(expected, Json.MAPPER.valueToTree(reading.call().arguments()));
    }

    /** The expected arguments against the actual ones: all of them, or the listed ones when partial. */
    private static boolean matches(JsonNode expected, JsonNode actual) {
        JsonNode wanted = expected.get("arguments");
        boolean partial = expected.has("partial") && expected.get("partial").asBoolean();
        if (!partial && actual.size() != wanted.size()) {
            return false;
        }
        for (String name : wanted.propertyNames()) {
            JsonNode a = actual.get(name);
            JsonNode w = wanted.get(name);
            if (a == null) {
                return false;
            }
            boolean same = name.equals("exclude") ? asSet(a).equals(asSet(w)) : sameValue(a, w);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** Numbers compare by value (500 and 500.0 are one limit); the rest as JSON. */
    private static boolean sameValue(JsonNode a, JsonNode w) {
        if (a.isNumber() && w.isNumber()) {
            return a.decimalValue().compareTo(w.decimalValue()) == 0;
        }
        return a.equals(w);
    }

    private static Set<String> asSet(JsonNode node) {
        Set<String> values = new HashSet<>();
        if (node.isArray()) {
            node.forEach(v -> values.add(v.asString()));
        } else {
            values.add(node.asString());
        }
        return values;
    }

    static double report(List<Outcome> outcomes) throws IOException {
        Map<String, int[]> byFamily = new TreeMap<>();
        for (Outcome o : outcomes) {
            int[] counts = byFamily.computeIfAbsent(o.entry().get("family").asString(), f -> new int[2]);
            counts[0]++;
            counts[1] += o.right() ? 1 : 0;
        }
        StringBuilder s = new StringBuilder();
        double accuracy = AskAccuracyTest.table(byFamily, s);
        s.append(String.format("%n"));
        s.append(String.format(
                "Conversations (follow-ups): %d, scored by HeldBack30ConversationsTest.%n%nMisses:%n%n",
                ROOT.get("conversations").size()));
        for (Outcome o : outcomes) {
            if (!o.right()) {
                JsonNode e = o.entry();
                s.append("- [")
                        .append(e.get("family").asString())
                        .append("] `")
                        .append(e.get("question").asString())
                        .append("` expected ")
                        .append(e.has("tool") ? e.get("tool").asString() + " " + e.get("arguments") : "a refusal")
                        .append("; read ")
                        .append(
                                o.reading().answered()
                                        ? o.reading().call().name() + " "
                                                + Json.MAPPER.valueToTree(
                                                        o.reading().call().arguments())
                                        : o.reading().write() != null
                                                        && o.reading().write().budget() != null
                                                ? "a prepared form "
                                                        + Json.MAPPER.valueToTree(o.reading()
                                                                .write()
                                                                .budget()
                                                                .request())
                                                : "as unanswerable: "
                                                        + o.reading().reason())
                        .append('\n');
            }
        }
        Path out = Path.of("target", "ask-accuracy-held-back-30.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, s.toString());
        return accuracy;
    }

    @Test
    void scoresTheHeldBackPartOfIssue30() throws IOException {
        List<Outcome> outcomes = score();
        assertThat(outcomes).hasSizeGreaterThanOrEqualTo(150);
        double accuracy = report(outcomes);
        // Every refusal says what was not understood.
        outcomes.stream()
                .filter(o -> !o.reading().answered())
                .forEach(o -> assertThat(o.reading().reason()).isNotBlank());
        // Its first run, before any rule for its misses (docs/ask.md): the figure may only rise.
        assertThat(accuracy).as("see target/ask-accuracy-held-back-30.md").isGreaterThanOrEqualTo(170 / 178.0);
    }
}
