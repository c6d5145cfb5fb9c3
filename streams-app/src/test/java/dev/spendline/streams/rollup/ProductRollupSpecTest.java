package dev.spendline.streams.rollup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import org.junit.jupiter.api.Test;

/**
 * The product combination rollup takes its dimensions from {@link Dimension#ORDER}; their order is
 * part of every stored combination key, so it is pinned here: reordering {@code Dimension.ORDER}
 * would orphan stored rollups, a new dimension must come last.
 */
class ProductRollupSpecTest {

    @Test
    void theCombinationKeepsTheStoredOrderOfDimensions() {
        assertThat(ProductRollupSpec.COMBINATION)
                .containsExactly(
                        Dimension.TENANT,
                        Dimension.FEATURE,
                        Dimension.MODEL,
                        Dimension.PROVIDER,
                        Dimension.AGENT,
                        Dimension.WORKFLOW,
                        Dimension.TOOL,
                        Dimension.USER,
                        Dimension.STATUS,
                        Dimension.OUTCOME);
    }
}
