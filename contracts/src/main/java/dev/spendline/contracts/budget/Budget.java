package dev.spendline.contracts.budget;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A spend limit: at most {@code limitUsd} of product AI spend per {@code period} within
 * {@code scope} (and {@code scopeValue}, e.g. scope FEATURE, value "support-bot"). Written to
 * {@code Topics.BUDGETS} under {@link #key}; a deletion is a tombstone for the key.
 *
 * @param id {@code bud_} and 20 random letters/digits, assigned on creation
 * @param scopeValue null exactly when the scope is {@link BudgetScope#WORKSPACE}
 * @param createdBy the API key id (later: the OAuth grant id) that created it
 */
public record Budget(
        int schemaVersion,
        String workspaceId,
        String id,
        String name,
        BudgetScope scope,
        String scopeValue,
        BudgetPeriod period,
        BigDecimal limitUsd,
        Instant createdAt,
        String createdBy) {

    public static final int SCHEMA_VERSION = 1;

    /** The topic and store key; \0 cannot occur in validated ids. */
    public static String key(String workspaceId, String id) {
        return workspaceId + '\u0000' + id;
    }

    /** The workspace id of a {@link #key}, or null when the key is not one. */
    public static String workspaceOf(String key) {
        int separator = key == null ? -1 : key.indexOf('\u0000');
        return separator <= 0 || separator == key.length() - 1 ? null : key.substring(0, separator);
    }

    public String key() {
        return key(workspaceId, id);
    }
}
