package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.contracts.usage.UsageVocabulary;
import dev.spendline.streams.pricing.PriceBook;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How internal usage rows roll up: by employee, team, tool, category, provider, model and source.
 * A row's cost follows its {@code costBasis} (docs/ingest.md): {@code reported} uses its
 * {@code costUsd}; {@code price_book} prices its tokens from the {@link PriceBook} at the row's day
 * (0 when the book has no price for the model, counted as unpriced: see docs/pricing.md);
 * {@code subscription} costs 0.
 */
public final class InternalRollupSpec implements RollupSpec<AcceptedUsageRow> {

    private static final Logger log = LoggerFactory.getLogger(InternalRollupSpec.class);

    private final PriceBook priceBook;

    public InternalRollupSpec(PriceBook priceBook) {
        this.priceBook = priceBook;
    }

    private static final List<Dimension> DIMENSIONS = Arrays.stream(Dimension.values())
            .filter(d -> d.kind() == UsageKind.INTERNAL)
            .toList();

    /**
     * The combination rollup's dimensions: the team leads, since "team T's spend on tool U" is the combination asked most.
     */
    public static final List<Dimension> COMBINATION = List.of(
            Dimension.TEAM,
            Dimension.EMPLOYEE,
            Dimension.INTERNAL_TOOL,
            Dimension.CATEGORY,
            Dimension.INTERNAL_MODEL,
            Dimension.INTERNAL_PROVIDER,
            Dimension.SOURCE);

    @Override
    public List<Dimension> combination() {
        return COMBINATION;
    }

    @Override
    public String workspaceId(AcceptedUsageRow value) {
        return value.workspaceId();
    }

    @Override
    public Instant time(AcceptedUsageRow value) {
        return value.row().ts();
    }

    @Override
    public Instant receivedAt(AcceptedUsageRow value) {
        return value.receivedAt();
    }

    /**
     * A row's amounts; a {@code price_book} row whose model has no price also counts as unpriced
     * ({@link UnpricedSlots}), so that reports can say so instead of showing a silent $0.00.
     */
    @Override
    public Rollup delta(AcceptedUsageRow value) {
        InternalUsageRow r = value.row();
        if (!UsageVocabulary.BASIS_PRICE_BOOK.equals(r.costBasis())) {
            return UnpricedSlots.priced(
                    ProductRollupSpec.toNanos(r.costUsd()), r.inputTokens(), r.outputTokens(), r.cachedInputTokens());
        }
        return priceBook
                .costNanos(r.provider(), r.model(), r.ts(), r.inputTokens(), r.cachedInputTokens(), r.outputTokens())
                .map(cost -> UnpricedSlots.priced(cost, r.inputTokens(), r.outputTokens(), r.cachedInputTokens()))
                .orElseGet(() -> {
                    log.debug(
                            "No price for {} {} on {}: the row counts 0 USD, as unpriced",
                            r.provider(),
                            r.model(),
                            r.ts());
                    return UnpricedSlots.unpriced(r.inputTokens(), r.outputTokens(), r.cachedInputTokens());
                });
    }

    @Override
    public List<Dimension> dimensions() {
        return DIMENSIONS;
    }

    @Override
    public String valueOf(AcceptedUsageRow value, Dimension dimension) {
        InternalUsageRow r = value.row();
        return switch (dimension) {
            case EMPLOYEE -> r.employeeEmail();
            case TEAM -> r.teamName();
            case INTERNAL_TOOL -> r.tool();
            case CATEGORY -> r.category();
            case INTERNAL_PROVIDER -> r.provider();
            case INTERNAL_MODEL -> r.model();
            case SOURCE -> r.sourceKey();
            default -> throw new IllegalArgumentException(dimension + " is not an internal-usage dimension");
        };
    }
}
