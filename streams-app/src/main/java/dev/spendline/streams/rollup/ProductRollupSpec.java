package dev.spendline.streams.rollup;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** How product events roll up: by every product dimension, bucketed by the event's own time. */
public final class ProductRollupSpec implements RollupSpec<AcceptedEvent> {

    private static final List<Dimension> DIMENSIONS = Arrays.stream(Dimension.values())
            .filter(d -> d.kind() == UsageKind.PRODUCT)
            .toList();

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
        return new Rollup(
                toNanos(e.costUsd()),
                1,
                e.promptTokens(),
                e.outputTokens(),
                e.cacheReadTokens() == null ? 0 : e.cacheReadTokens(),
                e.cacheWriteTokens() == null ? 0 : e.cacheWriteTokens(),
                e.failed() ? 1 : 0,
                e.retries() > 0 ? 1 : 0,
                e.latencyMs() == null ? 0 : e.latencyMs(),
                e.latencyMs() == null ? 0 : 1);
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
    @Override
    public List<Dimension> monthlyDimensions() {
        return List.of(Dimension.TENANT, Dimension.FEATURE);
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
