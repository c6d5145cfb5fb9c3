package dev.spendline.query.webhooks;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** A webhook request with problems, all of them listed; nothing was changed: 400 {@code invalid_webhook}. */
final class InvalidWebhookException extends ProblemException {

    InvalidWebhookException(List<FieldError> errors) {
        super(
                400,
                "invalid_webhook",
                "Invalid webhook",
                errors.size() + " problem(s) with the request; nothing was changed",
                errors);
    }
}
