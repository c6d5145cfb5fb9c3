package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * How internal usage rows roll up: by employee, team, tool, category, provider, model and source.
 * A row's cost is its reported {@code costUsd}; rows priced from the price book count 0 until the
 * price book lands (see docs/ingest.md).
 */
public final class InternalRollupSpec implements RollupSpec<AcceptedUsageRow> {

    private static final List<Dimension> DIMENSIONS = Arrays.stream(Dimension.values())
            .filter(d -> d.kind() == UsageKind.INTERNAL)
            .toList();

    @Override
    public String workspaceId(AcceptedUsageRow value) {
        return value.workspaceId();
    }

    @Override
    public Instant time(AcceptedUsageRow value) {
        return value.row().ts();
    }

    @Override
    public Rollup delta(AcceptedUsageRow value) {
        InternalUsageRow r = value.row();
        return new Rollup(
                ProductRollupSpec.toNanos(r.costUsd()),
                1,
                r.inputTokens(),
                r.outputTokens(),
                r.cachedInputTokens(),
                0,
                0,
                0,
                0,
                0);
    }

    @Override
    public List<Dimension> dimensions() {
        return DIMENSIONS;
    }

    @Override
    public List<List<Dimension>> pairs() {
        return List.of();
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
