package dev.spendline.contracts.usage;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The values the spec leaves open for internal usage rows (section 2.2), decided here and
 * documented in docs/ingest.md.
 */
public final class UsageVocabulary {

    /** Where a row comes from. */
    public static final Set<String> SOURCE_KINDS = Set.of(
            "collector", // Spendline's local collector (Claude Code, Codex telemetry)
            "api", // sent directly by a company's own tooling
            "billing_export", // a vendor's admin or billing export
            "import", // a CSV or manual import
            "ci"); // a CI job

    /** What kind of tool a row is about. */
    public static final Set<String> CATEGORIES =
            Set.of("coding_agent", "code_completion", "chat_assistant", "api", "other");

    public static final String BASIS_REPORTED = "reported";
    public static final String BASIS_PRICE_BOOK = "price_book";
    public static final String BASIS_SUBSCRIPTION = "subscription";

    /**
     * How a row's cost is known: {@code reported} — {@code costUsd} is the source's own figure and
     * is used as is; {@code price_book} — Spendline prices the tokens from its versioned model price
     * book ({@code costUsd} must be absent); {@code subscription} — a flat seat price with no
     * per-use cost (tokens are tracked, cost counts as 0).
     */
    public static final Set<String> COST_BASES = Set.of(BASIS_REPORTED, BASIS_PRICE_BOOK, BASIS_SUBSCRIPTION);

    /** Tool names are lower-case slugs so that "Claude Code" and "claude-code" cannot split spend. */
    public static final Pattern TOOL_SLUG = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    /** Deliberately simple: one @, a dot in the domain, no spaces. Mail delivery is not our job. */
    public static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+");

    private UsageVocabulary() {}
}
