package dev.spendline.ask;

import dev.spendline.contracts.json.Json;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Scores conversations (a first question, then follow-ups): each turn is read as Ask reads it, the
 * follow-ups with the context of the previous turn's own reading (so a miss carries on, as it would
 * for a user), and checked with {@link HeldBack30Test#right}. Used by the held-back part of issue
 * #30 and by the follow-up suite.
 */
final class Conversations {

    /** One turn: what was expected, how it was read, and whether that is right. */
    record Turn(JsonNode expected, Interpretation reading, boolean right) {}

    /** A conversation is right when every turn is. */
    record Scored(JsonNode conversation, List<Turn> turns) {
        boolean right() {
            return turns.stream().allMatch(Turn::right);
        }
    }

    private Conversations() {}

    static List<Scored> score(JsonNode conversations, Vocabulary vocabulary, Instant now) {
        List<Scored> scored = new ArrayList<>();
        for (JsonNode conversation : conversations) {
            QuestionInterpreter interpreter = new QuestionInterpreter(vocabulary, now, ZoneOffset.UTC);
            FollowUps followUps = new FollowUps(interpreter);
            List<Turn> turns = new ArrayList<>();
            AskContext context = null;
            for (JsonNode turn : conversation.get("turns")) {
                String question = turn.get("question").asString();
                Interpretation followUp = context == null ? null : followUps.read(context, question, now);
                Interpretation reading = followUp != null ? followUp : interpreter.interpret(question);
                turns.add(new Turn(turn, reading, HeldBack30Test.right(turn, reading)));
                // The token goes through its encoding, as a client would send it back.
                context = reading.answered()
                        ? AskContext.decode(AskContext.of(reading.call(), null).encode())
                        : null;
            }
            scored.add(new Scored(conversation, turns));
        }
        return scored;
    }

    /** The follow-up turns (all but the first) that are right. */
    static long followUpTurnsRight(List<Scored> scored) {
        return scored.stream()
                .flatMap(s -> s.turns().stream().skip(1))
                .filter(Turn::right)
                .count();
    }

    static long followUpTurns(List<Scored> scored) {
        return scored.stream().mapToLong(s -> s.turns().size() - 1).sum();
    }

    /** The misses, one line per wrong turn, for the report file. */
    static String misses(List<Scored> scored) {
        StringBuilder s = new StringBuilder();
        for (Scored c : scored) {
            if (c.right()) {
                continue;
            }
            s.append("- ");
            for (Turn t : c.turns()) {
                s.append(t.right() ? "✓ " : "✗ ")
                        .append('`')
                        .append(t.expected().get("question").asString())
                        .append('`');
                if (!t.right()) {
                    s.append(" expected ")
                            .append(
                                    t.expected().has("tool")
                                            ? t.expected().get("tool").asString() + " "
                                                    + t.expected().get("arguments")
                                            : "a refusal")
                            .append(", read ")
                            .append(
                                    t.reading().answered()
                                            ? t.reading().call().name() + " "
                                                    + Json.MAPPER.valueToTree(
                                                            t.reading().call().arguments())
                                            : "as unanswerable: " + t.reading().reason());
                }
                s.append(" → ");
            }
            s.setLength(s.length() - 3);
            s.append('\n');
        }
        return s.toString();
    }
}
