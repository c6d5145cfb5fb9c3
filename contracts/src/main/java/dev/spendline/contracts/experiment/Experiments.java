package dev.spendline.contracts.experiment;

import dev.spendline.contracts.event.ProductEvent;
import tools.jackson.databind.JsonNode;

/**
 * The convention by which an event belongs to an experiment, and the minimums a guardrail needs.
 * An event is part of experiment {@code E}, variant {@code V}, when its {@code metadata} has the
 * string members {@code experimentId: E} and {@code variant: V}, each 1 to {@value #MAX_ID_LENGTH}
 * characters without control characters. Anything else (a number, a missing variant, an
 * over-long id) leaves the event out of experiments; it is still counted everywhere else.
 */
public final class Experiments {

    public static final String EXPERIMENT_FIELD = "experimentId";
    public static final String VARIANT_FIELD = "variant";
    /** The variant every other variant is compared with. */
    public static final String CONTROL = "control";

    public static final int MAX_ID_LENGTH = 128;
    /**
     * Variants beyond this many per experiment are not tracked: it bounds the state a sender can
     * make Spendline keep with one experiment id.
     */
    public static final int MAX_VARIANTS = 20;

    /** Calls a variant (and the control) needs before a guardrail may be created or may judge it. */
    public static final long MIN_CALLS_PER_VARIANT = 100;
    /** Successful calls a variant (and the control) needs, for the same reason. */
    public static final long MIN_SUCCESSES_PER_VARIANT = 10;

    private Experiments() {}

    /** The experiment id of an event, or null when it is not part of an experiment. */
    public static String experimentOf(ProductEvent event) {
        String experiment = member(event.metadata(), EXPERIMENT_FIELD);
        return experiment == null || member(event.metadata(), VARIANT_FIELD) == null ? null : experiment;
    }

    /** The variant of an event that is part of an experiment ({@link #experimentOf} not null). */
    public static String variantOf(ProductEvent event) {
        return member(event.metadata(), VARIANT_FIELD);
    }

    /** Whether a text is a usable experiment or variant id. */
    public static boolean isId(String text) {
        return text != null
                && !text.isEmpty()
                && text.length() <= MAX_ID_LENGTH
                && text.chars().noneMatch(Character::isISOControl);
    }

    /** A call counts as successful unless its status is {@code error}. */
    public static boolean succeeded(ProductEvent event) {
        return !"error".equals(event.status());
    }

    private static String member(JsonNode metadata, String name) {
        if (metadata == null || !metadata.isObject()) {
            return null;
        }
        JsonNode value = metadata.get(name);
        if (value == null || !value.isString()) {
            return null;
        }
        String text = value.stringValue();
        return isId(text) ? text : null;
    }
}
