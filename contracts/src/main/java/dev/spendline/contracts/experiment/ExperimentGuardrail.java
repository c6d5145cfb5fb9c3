package dev.spendline.contracts.experiment;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A guardrail on one experiment: a variant whose cost per successful call is more than
 * {@code maxIncreasePercent} above the control's would be stopped. Written to
 * {@code Topics.GUARDRAILS} under {@link #key} (one guardrail per experiment); always
 * {@link GuardrailMode#SHADOW}.
 *
 * @param id {@code grd_} and 20 random letters/digits, assigned on creation
 * @param createdBy the API key id (later: the OAuth grant id) that confirmed its creation
 */
public record ExperimentGuardrail(
        int schemaVersion,
        String workspaceId,
        String id,
        String experimentId,
        GuardrailMode mode,
        String controlVariant,
        BigDecimal maxIncreasePercent,
        long minCallsPerVariant,
        Instant createdAt,
        String createdBy) {

    public static final int SCHEMA_VERSION = 1;
    /** The rule's threshold: a variant 20 % more expensive per success than control would be stopped. */
    public static final BigDecimal DEFAULT_MAX_INCREASE_PERCENT = BigDecimal.valueOf(20);

    /** The topic and store key; \0 cannot occur in validated ids. */
    public static String key(String workspaceId, String experimentId) {
        return workspaceId + '\u0000' + experimentId;
    }

    public String key() {
        return key(workspaceId, experimentId);
    }

    /** The workspace id of a {@link #key}, or null when the key is not one. */
    public static String workspaceOf(String key) {
        int separator = key == null ? -1 : key.indexOf('\u0000');
        return separator <= 0 || separator == key.length() - 1 ? null : key.substring(0, separator);
    }
}
