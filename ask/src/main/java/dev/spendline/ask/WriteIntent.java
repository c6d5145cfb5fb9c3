package dev.spendline.ask;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A question that asks for a change rather than figures, as {@link WriteIntents} reads it. Ask never
 * makes the change: a complete budget request becomes the {@code create_budget} prepare request,
 * filled in, for the asker to prepare and confirm; anything else gets what is missing or where the
 * change is made.
 *
 * @param budget the budget to prepare; null when the question is not a complete budget request
 * @param reply what Ask says instead when there is no budget to prepare: what is missing, or where
 *     the change is made
 * @param notes every choice made for the asker (the name, the period, the scope)
 */
record WriteIntent(Budget budget, String reply, List<String> notes) {

    WriteIntent {
        notes = List.copyOf(notes);
    }

    static WriteIntent reply(String reply) {
        return new WriteIntent(null, reply, List.of());
    }

    /** The fields of {@code create_budget}, exactly as {@code POST /api/v1/ask/actions/prepare} takes them. */
    record Budget(String name, BigDecimal limitUsd, String scope, String scopeValue, String period) {

        static final String ACTION = "create_budget";

        /** The prepare request's body: {@code {"action": "create_budget", "name": …}}. */
        Map<String, Object> request() {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("action", ACTION);
            body.put("name", name);
            body.put("limitUsd", limitUsd);
            body.put("scope", scope);
            if (scopeValue != null) {
                body.put("scopeValue", scopeValue);
            }
            body.put("period", period);
            return body;
        }

        /** "a MONTHLY budget 'search monthly' of $500.00 on feature search", as prepare summarises it. */
        String words() {
            return "a " + period + " budget '" + name + "' of " + Words.money(limitUsd) + " on "
                    + (scopeValue == null
                            ? "the whole workspace"
                            : scope.toLowerCase(java.util.Locale.ROOT).replace("tenant", "customer") + " "
                                    + scopeValue);
        }
    }
}
