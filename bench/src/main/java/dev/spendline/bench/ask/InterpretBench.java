package dev.spendline.bench.ask;

import dev.spendline.ask.QuestionReading;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Dimension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;

/**
 * How long Ask takes to read a question (no tool call): every question of the corpus files, read
 * against a vocabulary the size of the benchmark workspace's (1,000 customers, 50 features, the
 * bench mix's models, agents and workflows, plus the corpus's own names), one at a time after a
 * warm-up, timed one by one.
 */
public final class InterpretBench {

    /** The timings, and the questions slowest to read (median of their rounds, in µs), slowest first. */
    public record Result(int questions, long readings, Histogram micros, List<Map.Entry<String, Long>> slowest) {}

    private InterpretBench() {}

    public static Result run(List<Path> corpora, int warmupRounds, int rounds) throws IOException {
        List<String> questions = new ArrayList<>();
        Map<Dimension, Set<String>> names = new EnumMap<>(Dimension.class);
        Instant now = null;
        for (Path corpus : corpora) {
            JsonNode root = Json.MAPPER.readTree(Files.readString(corpus));
            now = Instant.parse(root.get("now").asString());
            root.get("questions").forEach(q -> questions.add(q.get("question").asString()));
            JsonNode vocabulary = root.get("vocabulary");
            for (String dimension : vocabulary.propertyNames()) {
                Set<String> values = names.computeIfAbsent(Dimension.valueOf(dimension), d -> new LinkedHashSet<>());
                vocabulary.get(dimension).forEach(v -> values.add(v.asString()));
            }
        }
        for (int i = 0; i < 1_000; i++) {
            names.computeIfAbsent(Dimension.TENANT, d -> new LinkedHashSet<>()).add("t" + i);
        }
        for (int i = 0; i < 50; i++) {
            names.computeIfAbsent(Dimension.FEATURE, d -> new LinkedHashSet<>()).add("feature-" + i);
        }
        for (int i = 0; i < 20; i++) {
            names.computeIfAbsent(Dimension.AGENT, d -> new LinkedHashSet<>()).add("agent-" + i);
        }
        for (int i = 0; i < 10; i++) {
            names.computeIfAbsent(Dimension.WORKFLOW, d -> new LinkedHashSet<>())
                    .add("workflow-" + i);
        }
        for (String model : List.of(
                "gpt-4o",
                "o3",
                "claude-opus-4",
                "claude-haiku-3.5",
                "claude-3.7-sonnet",
                "gemini-2.5-pro",
                "gemini-2.5-flash",
                "gemini-2.0-flash",
                "gemini-1.5-pro")) {
            names.computeIfAbsent(Dimension.MODEL, d -> new LinkedHashSet<>()).add(model);
        }
        QuestionReading reading = new QuestionReading(names);
        long sink = 0;
        for (int r = 0; r < warmupRounds; r++) {
            for (String q : questions) {
                sink += reading.read(q, now).length();
            }
        }
        Histogram micros = new Histogram(10_000_000L, 3);
        long readings = 0;
        long[][] perQuestion = new long[questions.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < questions.size(); i++) {
                long start = System.nanoTime();
                sink += reading.read(questions.get(i), now).length();
                long took = Math.max(1, (System.nanoTime() - start) / 1_000);
                micros.recordValue(took);
                perQuestion[i][r] = took;
                readings++;
            }
        }
        List<Map.Entry<String, Long>> medians = new ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            long[] times = perQuestion[i].clone();
            java.util.Arrays.sort(times);
            medians.add(Map.entry(questions.get(i), times[times.length / 2]));
        }
        medians.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        if (sink == 42) {
            System.out.print("");
        }
        return new Result(questions.size(), readings, micros, medians.subList(0, Math.min(5, medians.size())));
    }
}
