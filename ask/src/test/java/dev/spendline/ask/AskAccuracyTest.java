package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Accuracy by family of question, the figure docs/ask.md reports: on the development corpus (every
 * question must be read right, see {@link AskCorpusTest}) and on the held-back part, which must be
 * read right for at least 95 % of its questions, with every refusal giving a reason. Each run
 * writes the table and the misses to {@code target/ask-accuracy-<corpus>.md}.
 */
class AskAccuracyTest {

    /** A question is right when its tool and every argument are, or when it is refused as expected. */
    record Outcome(AskCorpus.Entry entry, Interpretation reading, boolean right) {}

    static String family(AskCorpus.Entry e) {
        if (!e.answered()) {
            return "refused";
        }
        JsonNode a = e.arguments();
        return switch (e.tool()) {
            case "compare" -> "compare";
            case "spend_by" -> {
                String by = a.get("by").asString();
                int filters = 0;
                for (String name : a.propertyNames()) {
                    if (!List.of("by", "usage", "from", "to", "limit", "metric", "order")
                            .contains(name)) {
                        filters++;
                    }
                }
                if (List.of("day", "week", "month").contains(by)) {
                    yield "spend by period";
                } else if (a.has("metric")) {
                    yield "spend, another metric";
                } else if (a.has("order")) {
                    yield "spend, smallest first";
                } else if (filters >= 2) {
                    yield "spend, several filters";
                } else {
                    yield "spend, one or no filter";
                }
            }
            case "margin_by_customer", "margin_by_feature" -> "margin";
            case "top_waste" -> "waste";
            case "savings_recommendations" -> "savings";
            case "budget_status" -> "budgets";
            case "active_alerts" -> "alerts";
            default -> e.tool();
        };
    }

    static List<Outcome> read(List<AskCorpus.Entry> entries) {
        List<Outcome> outcomes = new ArrayList<>();
        for (AskCorpus.Entry e : entries) {
            Interpretation reading = new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC)
                    .interpret(e.question());
            boolean right;
            if (!e.answered()) {
                right = !reading.answered()
                        && reading.reason() != null
                        && !reading.reason().isBlank();
            } else {
                right = reading.answered()
                        && reading.call().name().equals(e.tool())
                        && Json.MAPPER.valueToTree(reading.call().arguments()).equals(e.arguments());
            }
            outcomes.add(new Outcome(e, reading, right));
        }
        return outcomes;
    }

    static double report(String name, List<Outcome> outcomes) throws IOException {
        Map<String, int[]> byFamily = new TreeMap<>();
        for (Outcome o : outcomes) {
            int[] counts = byFamily.computeIfAbsent(family(o.entry()), f -> new int[2]);
            counts[0]++;
            counts[1] += o.right() ? 1 : 0;
        }
        StringBuilder s = new StringBuilder();
        double accuracy = table(byFamily, s);
        s.append(String.format("%nMisses:%n%n"));
        for (Outcome o : outcomes) {
            if (!o.right()) {
                s.append("- `")
                        .append(o.entry().question())
                        .append("` expected ")
                        .append(
                                o.entry().answered()
                                        ? o.entry().tool() + " " + o.entry().arguments()
                                        : "a refusal")
                        .append("; read ")
                        .append(
                                o.reading().answered()
                                        ? o.reading().call().name() + " "
                                                + Json.MAPPER.valueToTree(
                                                        o.reading().call().arguments())
                                        : "as unanswerable: " + o.reading().reason())
                        .append('\n');
            }
        }
        Path out = Path.of("target", "ask-accuracy-" + name + ".md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, s.toString());
        return accuracy;
    }

    /**
     * The table docs/ask.md shows: per family its questions, right answers and accuracy (counts as
     * {questions, right}), then all of them; returns the accuracy of all.
     */
    static double table(Map<String, int[]> byFamily, StringBuilder s) {
        s.append("| family | questions | right | accuracy |\n|---|---:|---:|---:|\n");
        int all = 0;
        int right = 0;
        for (Map.Entry<String, int[]> f : byFamily.entrySet()) {
            all += f.getValue()[0];
            right += f.getValue()[1];
            s.append(String.format(
                    "| %s | %d | %d | %.1f %% |%n",
                    f.getKey(), f.getValue()[0], f.getValue()[1], 100.0 * f.getValue()[1] / f.getValue()[0]));
        }
        double accuracy = (double) right / all;
        s.append(String.format("| **all** | %d | %d | %.1f %% |%n", all, right, 100 * accuracy));
        return accuracy;
    }

    @Test
    void theHeldBackPartIsReadRightForAtLeast95Percent() throws IOException {
        List<Outcome> outcomes = read(AskCorpus.heldBack());
        assertThat(outcomes).hasSizeGreaterThanOrEqualTo(100);
        double accuracy = report("held-back", outcomes);
        assertThat(accuracy).as("see target/ask-accuracy-held-back.md").isGreaterThanOrEqualTo(0.95);
        // Every refusal says what was not understood.
        outcomes.stream()
                .filter(o -> !o.reading().answered())
                .forEach(o -> assertThat(o.reading().reason()).isNotBlank());
    }

    @Test
    void theDevelopmentCorpusIsReadRightForEveryQuestion() throws IOException {
        List<Outcome> outcomes = read(AskCorpus.entries());
        assertThat(outcomes.size() + AskCorpus.heldBack().size())
                .as("the whole corpus")
                .isGreaterThanOrEqualTo(300);
        assertThat(report("development", outcomes))
                .as("see target/ask-accuracy-development.md")
                .isEqualTo(1.0);
    }
}
