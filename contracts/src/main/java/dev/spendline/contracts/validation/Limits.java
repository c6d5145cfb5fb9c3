package dev.spendline.contracts.validation;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * Bounds on single fields. They exist so that one bad sender cannot poison aggregates (a cost of
 * 1e300) or bloat state (a 1 MB feature name). All of them are documented in docs/ingest.md.
 */
public final class Limits {
    public static final int MAX_NAME_LENGTH = 128;
    /**
     * Names of people and of their things (display, workspace, team and API key names): the same
     * limit at sign-up, in settings and at ingest ({@code employeeName}, {@code teamName}), so a name
     * accepted in one place is never refused in another. See {@link TextRules#DISPLAY_NAME}.
     */
    public static final int MAX_DISPLAY_NAME_LENGTH = 200;

    public static final int MAX_ID_LENGTH = 256;
    public static final long MAX_TOKENS = 1_000_000_000L;
    public static final BigDecimal MAX_COST_USD = new BigDecimal("100000");
    /** Enough for any double printed in full (0.30000000000000004); aggregates keep 9. */
    public static final int MAX_MONEY_SCALE = 20;

    public static final long MAX_LATENCY_MS = Duration.ofHours(24).toMillis();
    public static final long MAX_RETRY_COUNT = 1_000;
    public static final int MAX_METADATA_BYTES = 4_096;
    public static final int MAX_METADATA_DEPTH = 4;
    public static final int MAX_METADATA_ENTRIES = 64;
    /** Clocks drift; a day ahead is a mistake, not drift. */
    public static final Duration MAX_FUTURE_SKEW = Duration.ofHours(24);
    /** Nothing older than this can be an LLM call; older values are unit mistakes (seconds vs ms). */
    public static final Instant EARLIEST_TS = Instant.parse("2015-01-01T00:00:00Z");

    private Limits() {}
}
