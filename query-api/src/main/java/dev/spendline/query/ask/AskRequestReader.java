package dev.spendline.query.ask;

import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.problems.RequestBodies;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads the body of {@code POST /api/v1/ask} strictly: a JSON object whose only field is
 * {@code question}, a string that is not blank and at most {@link #MAX_LENGTH} characters (a
 * question, not a document: longer text is refused rather than cut).
 */
final class AskRequestReader {

    static final int MAX_LENGTH = 500;

    private AskRequestReader() {}

    static String read(byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode node =
                RequestBodies.object(body, "{\"question\": \"What did we spend by feature this month?\"}", errors);
        if (node == null) {
            throw new InvalidQuestionException(errors);
        }
        for (String name : node.propertyNames()) {
            if (!name.equals("question")) {
                errors.add(new FieldError("/" + FieldError.escape(name), "is not a field; the only field is question"));
            }
        }
        JsonNode question = node.get("question");
        String text = null;
        if (question == null || question.isNull()) {
            errors.add(new FieldError("/question", "is required"));
        } else if (!question.isString()) {
            errors.add(new FieldError("/question", "must be a string"));
        } else if (question.asString().isBlank()) {
            errors.add(new FieldError("/question", "must not be blank"));
        } else if (question.asString().length() > MAX_LENGTH) {
            errors.add(new FieldError("/question", "must be at most " + MAX_LENGTH + " characters"));
        } else {
            text = question.asString();
        }
        if (!errors.isEmpty()) {
            throw new InvalidQuestionException(errors);
        }
        return text;
    }
}
