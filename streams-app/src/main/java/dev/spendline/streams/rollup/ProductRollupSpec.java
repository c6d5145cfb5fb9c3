package dev.spendline.streams.rollup;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.pricing.PriceBook;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * How product events roll up: by every product dimension, bucketed by the event's own time.
 *
 * <p>What a call costs ({@link #costNanos}): the {@code costUsd} its sender reported; for a call
 * sent with 0 ("unknown", as the spec has it), the price book's cost of its tokens on the day of
 * its {@code ts}, kept apart as estimated; a call sent with 0 whose model has no price counts 0 and
 * is counted as unpriced (unless it used no tokens). A sender's non-zero cost is never replaced.
 * Every processor that needs a call's cost asks here, so rollups, waste, budgets and experiments
 * count the same amount. docs/ingest.md "Estimated cost".
 */
public final class ProductRollupSpec implements RollupSpec<AcceptedEvent> {

    private static final List<Dimension> DIMENSIONS = Arrays.stream(Dimension.values())
            .filter(d -> d.kind() == UsageKind.PRODUCT)
            .toList();

    /** {@link #estimatedNanos}: nothing to estimate, or no price for it. */
    private static final long NOT_ESTIMATED = 0;

    private static final long UNPRICED = -1;

    private final PriceBook prices;

    /** @param prices the book that prices calls sent with cost 0 */
    public ProductRollupSpec(PriceBook prices) {
        this.prices = prices;
    }

    @Override
    public String workspaceId(AcceptedEvent value) {
        return value.workspaceId();
    }

    @Override
    public Instant time(AcceptedEvent value) {
        return value.event().ts();
    }

    @Override
    public Instant receivedAt(AcceptedEvent value) {
        return value.receivedAt();
    }

    @Override
    public Rollup delta(AcceptedEvent value) {
        ProductEvent e = value.event();
        long estimated = sentWithoutCost(e) ? estimatedNanos(e) : NOT_ESTIMATED;
        return new Rollup(
                estimated > 0 ? estimated : toNanos(e.costUsd()),
                1,
                e.promptTokens(),
                e.outputTokens(),
                e.cacheReadTokens() == null ? 0 : e.cacheReadTokens(),
                e.cacheWriteTokens() == null ? 0 : e.cacheWriteTokens(),
                e.failed() ? 1 : 0,
                e.retries() > 0 ? 1 : 0,
                e.latencyMs() == null ? 0 : e.latencyMs(),
                e.latencyMs() == null ? 0 : 1,
                Math.max(estimated, 0),
                estimated == UNPRICED ? 1 : 0);
    }

    /** What the call counts for in nano-dollars: reported, or else estimated (0 when unpriced). */
    public long costNanos(AcceptedEvent value) {
        ProductEvent e = value.event();
        return sentWithoutCost(e) ? Math.max(estimatedNanos(e), 0) : toNanos(e.costUsd());
    }

    /** Sent with {@code costUsd} 0, "unknown": not a positive amount that rounds to 0 nano-dollars. */
    private static boolean sentWithoutCost(ProductEvent e) {
        return e.costUsd() == null || e.costUsd().signum() == 0;
    }

    /**
     * The book's cost of a call sent with cost 0; {@link #UNPRICED} when it used tokens and its model
     * has no price that day. Cached input is the events' {@code cacheReadTokens} (part of {@code
     * promptTokens}); cache writes are priced as input, the book has no price of their own.
     */
    private long estimatedNanos(ProductEvent e) {
        long cached = e.cacheReadTokens() == null ? 0 : Math.min(e.cacheReadTokens(), e.promptTokens());
        if (e.promptTokens() == 0 && e.outputTokens() == 0) {
            return NOT_ESTIMATED;
        }
        return prices.costNanos(e.provider(), e.model(), e.ts(), e.promptTokens(), cached, e.outputTokens())
                .orElse(UNPRICED);
    }

    @Override
    public List<Dimension> dimensions() {
        return DIMENSIONS;
    }

    /**
     * Pairs kept by day (no hours): customer and feature, the filtered report asked most ("customer
     * X by feature" reads one key range a day instead of the day's combinations), and feature and
     * model, which the waste baselines read for every wasteful call ({@code FeatureBaselines}).
     */
    public static final List<List<Dimension>> DAILY_PAIRS =
            List.of(List.of(Dimension.TENANT, Dimension.FEATURE), List.of(Dimension.FEATURE, Dimension.MODEL));

    @Override
    public List<List<Dimension>> dailyPairs() {
        return DAILY_PAIRS;
    }

    @Override
    public Set<Dimension> dailyOnly() {
        return DAILY_ONLY;
    }

    @Override
    public boolean combinationBlocks() {
        return true;
    }

    /** Margins read cost per customer, per feature and per customer and feature, by whole months. */
    public static final List<Dimension> MONTHLY = List.of(Dimension.TENANT, Dimension.FEATURE);

    @Override
    public List<Dimension> monthlyDimensions() {
        return MONTHLY;
    }

    @Override
    public List<List<Dimension>> monthlyPairs() {
        return List.of(List.of(Dimension.TENANT, Dimension.FEATURE));
    }

    /**
     * The combination rollup's dimensions: the product ones in {@link Dimension#ORDER}, where the
     * customer leads, since "customer X on feature Y" is the combination asked most. Their order is
     * part of the stored keys ({@code ProductRollupSpecTest} pins it): a new one goes last.
     */
    public static final List<Dimension> COMBINATION = Dimension.inOrder(UsageKind.PRODUCT);

    /**
     * Dimensions rolled up by day (and month) but not by hour: nearly every end user's hour is a
     * key of its own, one write per call for a read that only ragged edges inside the hourly
     * horizon need. Those hours are read from the combinations instead.
     */
    public static final Set<Dimension> DAILY_ONLY = Set.of(Dimension.USER);

    @Override
    public List<Dimension> combination() {
        return COMBINATION;
    }

    @Override
    public String valueOf(AcceptedEvent value, Dimension dimension) {
        ProductEvent e = value.event();
        return switch (dimension) {
            case PROVIDER -> e.provider();
            case MODEL -> e.model();
            case FEATURE -> e.feature();
            case TENANT -> e.tenantId();
            case USER -> e.userId();
            case AGENT -> e.agentId();
            case WORKFLOW -> e.workflowId();
            case TOOL -> e.toolName();
            case STATUS -> e.status();
            case OUTCOME -> e.outcome();
            default -> throw new IllegalArgumentException(dimension + " is not a product dimension");
        };
    }

    /** USD to nano-dollars; more than nine decimals round half-even (documented in docs/ingest.md). */
    public static long toNanos(BigDecimal usd) {
        return usd == null
                ? 0
                : usd.movePointRight(9).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    }
}
