package dev.spendline.ask;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Dimension;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;

/**
 * Reads a question without answering it: the tool call Ask would make, or why it would not. The
 * public door to the interpreter for tools outside this package (the interpretation benchmark,
 * {@code bench interpret}); the service itself goes through {@link Asker}.
 */
public final class QuestionReading {

    private final Vocabulary vocabulary;

    /** @param names per dimension, the names seen in the workspace (as the vocabulary cache holds them) */
    public QuestionReading(Map<Dimension, Set<String>> names) {
        this.vocabulary = new Vocabulary(names);
    }

    /** {@code spend_by {"by":…}} for an answered question, {@code refused: <reason>} otherwise. */
    public String read(String question, Instant now) {
        Interpretation reading = new QuestionInterpreter(vocabulary, now, ZoneOffset.UTC).interpret(question);
        return reading.answered()
                ? reading.call().name() + " "
                        + Json.MAPPER.valueToTree(reading.call().arguments())
                : "refused: " + reading.reason();
    }
}
