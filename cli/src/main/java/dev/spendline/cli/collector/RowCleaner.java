package dev.spendline.cli.collector;

import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixes, before sending, what the service would refuse in a row but what is not worth losing the
 * row for: the names and labels an agent or the identity provider supplied. Control characters and
 * bidirectional controls are removed, unpaired surrogates replaced, over-long values cut at a code
 * point boundary, by the same {@link TextRules} the service checks with. A name left empty is
 * dropped (it is optional). The {@code externalId} is never touched: changing it could merge two
 * calls into one; a row with a bad one is refused and quarantined instead.
 */
final class RowCleaner {

    private RowCleaner() {}

    /** Cleans {@code row} in place and returns it. */
    static ObjectNode clean(ObjectNode row) {
        for (String name : new String[] {"employeeName", "teamName", "sourceName"}) {
            clean(row, name, TextRules.DISPLAY_NAME, Limits.MAX_DISPLAY_NAME_LENGTH);
        }
        for (String label : new String[] {"provider", "model"}) {
            clean(row, label, TextRules.IDENTITY, Limits.MAX_NAME_LENGTH);
        }
        return row;
    }

    private static void clean(ObjectNode row, String field, TextRules.Rule rule, int maxLength) {
        if (!row.path(field).isString()) {
            return;
        }
        String text = row.get(field).stringValue();
        if (rule.problem(text, maxLength) == null) {
            return;
        }
        String cleaned = rule.clean(text, maxLength);
        if (cleaned == null) {
            row.remove(field);
        } else {
            row.put(field, cleaned);
        }
    }
}
