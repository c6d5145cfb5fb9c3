package dev.spendline.query.ask;

import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.problems.RequestBodies;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads the body of {@code POST /api/v1/ask} strictly: a JSON object with {@code question}, a
 * string that is not blank and at most {@link #MAX_LENGTH} characters (a question, not a document:
 * longer text is refused rather than cut), and optionally {@code context}, the token of the answer
 * the question follows up ({@link AskContext}; null or absent for a first question).
 */
final class AskRequestReader {

    static final int MAX_LENGTH = 500;

    private AskRequestReader() {}

    /** The question and the context it follows up (null when none). */
    record AskRequest(String question, String context) {}

    static String read(byte[] body) {
        return request(body).question();
    }

    static AskRequest request(byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode node =
                RequestBodies.object(body, "{\"question\": \"What did we spend by feature this month?\"}", errors);
        if (node == null) {
            throw new InvalidQuestionException(errors);
        }
        for (String name : node.propertyNames()) {
            if (!name.equals("question") && !name.equals("context")) {
                errors.add(new FieldError(
                        "/" + FieldError.escape(name), "is not a field; the fields are question and context"));
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
        JsonNode context = node.get("context");
        String token = null;
        if (context != null && !context.isNull()) {
            if (!context.isString()) {
                errors.add(new FieldError("/context", "must be a string: the context of a previous answer"));
            } else {
                token = context.asString();
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidQuestionException(errors);
        }
        return new AskRequest(text, token);
    }
}
