package dev.spendline.contracts.validation;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Reads typed fields out of one JSON object and records every problem as a {@link FieldError}
 * instead of stopping at the first, so that a sender sees all mistakes in one answer.
 *
 * <p>Written by hand rather than with a JSON Schema validator because the rules that matter most
 * here (credential detection, cross-field rules, money precision, pointer-exact messages) are not
 * expressible in a schema; the published schemas in docs/ describe the same rules for senders.
 * A null value is treated as an absent field.
 */
public final class FieldReader {

    private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

    private final JsonNode node;
    private final String base;
    private final List<FieldError> errors;
    private final Set<String> read = new HashSet<>();
    private final boolean isObject;

    private FieldReader(JsonNode node, String base, List<FieldError> errors) {
        this.isObject = node != null && node.isObject();
        this.node = isObject ? node : EMPTY;
        this.base = base;
        this.errors = errors;
        if (!isObject) {
            errors.add(new FieldError(base.isEmpty() ? "" : base, "must be a JSON object"));
        }
    }

    /** A reader over {@code node}, found at JSON Pointer {@code base} of the request. */
    public static FieldReader of(JsonNode node, String base, List<FieldError> errors) {
        return new FieldReader(node, base, errors);
    }

    /** False when the node was not an object at all; its fields are then all absent. */
    public boolean isObject() {
        return isObject;
    }

    public String pointer(String field) {
        return base + "/" + FieldError.escape(field);
    }

    public void error(String field, String message) {
        errors.add(new FieldError(pointer(field), message));
    }

    /** True when the field is present with a non-null value. */
    public boolean has(String field) {
        JsonNode value = node.get(field);
        return value != null && !value.isNull();
    }

    private JsonNode value(String field) {
        read.add(field);
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value;
    }

    public String requiredString(String field, int maxLength) {
        if (!has(field)) {
            read.add(field);
            error(field, "is required");
            return null;
        }
        return optionalString(field, maxLength);
    }

    /**
     * A non-empty {@link TextRules#IDENTITY identity} of at most {@code maxLength} characters.
     * These strings become parts of state-store keys and dashboard labels, so control characters,
     * bidirectional controls and invalid UTF-16 are refused.
     */
    public String optionalString(String field, int maxLength) {
        return optionalString(field, TextRules.IDENTITY, maxLength);
    }

    /** A string that {@code rule} accepts with its own default limit. */
    public String optionalString(String field, TextRules.Rule rule) {
        return optionalString(field, rule, rule.maxLength());
    }

    public String requiredString(String field, TextRules.Rule rule) {
        if (!has(field)) {
            read.add(field);
            error(field, "is required");
            return null;
        }
        return optionalString(field, rule);
    }

    private String optionalString(String field, TextRules.Rule rule, int maxLength) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            error(field, "must be a string");
            return null;
        }
        String text = value.stringValue();
        if (text.isBlank() && !rule.blankAllowed()) {
            error(field, "must not be empty; omit the field instead");
            return null;
        }
        String problem = rule.problem(text, maxLength);
        if (problem != null) {
            error(field, problem);
            return null;
        }
        return text;
    }

    /** One of {@code allowed}, compared exactly (values are documented in lower case). */
    public String optionalEnum(String field, Set<String> allowed) {
        String text = optionalString(field, 64);
        if (text != null && !allowed.contains(text)) {
            error(
                    field,
                    "must be one of "
                            + String.join(", ", allowed.stream().sorted().toList()));
            return null;
        }
        return text;
    }

    public long requiredCount(String field, long max) {
        if (!has(field)) {
            read.add(field);
            error(field, "is required");
            return 0;
        }
        Long count = optionalCount(field, max);
        return count == null ? 0 : count;
    }

    /** A whole, non-negative number no larger than {@code max}. */
    public Long optionalCount(String field, long max) {
        BigDecimal number = nonNegativeNumber(field);
        if (number == null) {
            return null;
        }
        if (number.stripTrailingZeros().scale() > 0) {
            error(field, "must be a whole number");
            return null;
        }
        if (number.compareTo(BigDecimal.valueOf(max)) > 0) {
            error(field, "must be at most " + max);
            return null;
        }
        return number.longValueExact();
    }

    /** The field as an exact non-negative number; null (with an error when present) otherwise. */
    private BigDecimal nonNegativeNumber(String field) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        if (!value.isNumber()) {
            error(field, "must be a number");
            return null;
        }
        BigDecimal number = value.decimalValue();
        if (number.signum() < 0) {
            error(field, "must not be negative");
            return null;
        }
        return number;
    }

    public BigDecimal requiredMoney(String field, BigDecimal max) {
        if (!has(field)) {
            read.add(field);
            error(field, "is required");
            return null;
        }
        return optionalMoney(field, max);
    }

    /** A non-negative amount in USD, kept as the exact decimal the sender wrote. */
    public BigDecimal optionalMoney(String field, BigDecimal max) {
        BigDecimal amount = nonNegativeNumber(field);
        if (amount == null) {
            return null;
        }
        // Aggregates keep 9 decimals; more than MAX_MONEY_SCALE is never a real price and a huge
        // scale (1e-1000000000) would make rounding it downstream arbitrarily expensive.
        if (amount.scale() > Limits.MAX_MONEY_SCALE) {
            error(field, "must have at most " + Limits.MAX_MONEY_SCALE + " decimal places");
            return null;
        }
        if (amount.compareTo(max) > 0) {
            error(field, "must be at most " + max.toPlainString());
            return null;
        }
        return amount;
    }

    /**
     * An ISO 8601 date-time with an offset ({@code 2026-11-22T10:15:30Z} or {@code …+01:00}),
     * no earlier than {@link Limits#EARLIEST_TS} and no later than {@code now} plus
     * {@link Limits#MAX_FUTURE_SKEW}.
     */
    public Instant optionalTimestamp(String field, Instant now) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            error(field, "must be an ISO 8601 date-time string with an offset, e.g. 2026-11-22T10:15:30Z");
            return null;
        }
        Instant instant;
        try {
            instant = OffsetDateTime.parse(value.stringValue(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            error(field, "must be an ISO 8601 date-time with an offset, e.g. 2026-11-22T10:15:30Z");
            return null;
        }
        if (instant.isAfter(now.plus(Limits.MAX_FUTURE_SKEW))) {
            error(field, "must not be more than " + Limits.MAX_FUTURE_SKEW.toHours() + " hours in the future");
            return null;
        }
        if (instant.isBefore(Limits.EARLIEST_TS)) {
            error(field, "must not be before " + Limits.EARLIEST_TS);
            return null;
        }
        return instant;
    }

    /**
     * A JSON object of safe context: bounded in size, depth and entries, with no key or string
     * value that looks like a credential. Keys follow {@link TextRules#IDENTITY}'s characters (they
     * are names), string values {@link TextRules#FREE_TEXT}'s (tabs and line breaks allowed); neither
     * may hold invalid UTF-16.
     */
    public JsonNode optionalMetadata(String field) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        if (!value.isObject()) {
            error(field, "must be a JSON object");
            return null;
        }
        int before = errors.size();
        checkMetadata(value, pointer(field), 1);
        if (value.toString().getBytes(StandardCharsets.UTF_8).length > Limits.MAX_METADATA_BYTES) {
            error(field, "must be at most " + Limits.MAX_METADATA_BYTES + " bytes when serialized");
        }
        return errors.size() == before ? value : null;
    }

    private void checkMetadata(JsonNode value, String pointer, int depth) {
        if (value.isObject()) {
            if (depth > Limits.MAX_METADATA_DEPTH) {
                errors.add(new FieldError(pointer, "nests deeper than " + Limits.MAX_METADATA_DEPTH + " levels"));
                return;
            }
            if (value.size() > Limits.MAX_METADATA_ENTRIES) {
                errors.add(new FieldError(pointer, "has more than " + Limits.MAX_METADATA_ENTRIES + " entries"));
                return;
            }
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
                String child = pointer + "/" + FieldError.escape(entry.getKey());
                String keyProblem = TextRules.IDENTITY.characterProblem(entry.getKey());
                if (keyProblem != null) {
                    errors.add(new FieldError(child, "has a key that " + keyProblem));
                } else if (CredentialDetector.isSecretKeyName(entry.getKey())) {
                    errors.add(new FieldError(
                            child, "looks like a credential; metadata must not hold secrets or authorization headers"));
                } else {
                    checkMetadata(entry.getValue(), child, depth + 1);
                }
            }
        } else if (value.isArray()) {
            if (depth > Limits.MAX_METADATA_DEPTH) {
                errors.add(new FieldError(pointer, "nests deeper than " + Limits.MAX_METADATA_DEPTH + " levels"));
                return;
            }
            int i = 0;
            for (JsonNode element : value.values()) {
                checkMetadata(element, pointer + "/" + i++, depth + 1);
            }
        } else if (value.isString()) {
            String problem = TextRules.FREE_TEXT.characterProblem(value.stringValue());
            if (problem != null) {
                errors.add(new FieldError(pointer, problem));
            } else if (CredentialDetector.looksLikeSecret(value.stringValue())) {
                errors.add(new FieldError(
                        pointer, "looks like a credential; metadata must not hold secrets or provider keys"));
            }
        }
    }

    /** Every field of the object that no read method asked for is an error: typos are caught. */
    public void rejectUnknownFields() {
        for (String name : node.propertyNames()) {
            if (!read.contains(name)) {
                error(name, "is not a known field");
            }
        }
    }
}
