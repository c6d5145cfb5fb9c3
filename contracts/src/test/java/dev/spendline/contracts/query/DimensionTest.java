package dev.spendline.contracts.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The one order of the dimensions that every surface derives its lists from. */
class DimensionTest {

    @Test
    void theOrderHoldsEveryDimensionExactlyOnce() {
        assertThat(Dimension.ORDER).containsExactlyInAnyOrder(Dimension.values());
    }

    @Test
    void eachUsageListsItsOwnDimensionsAndTogetherTheyAreAll() {
        // The product order itself is pinned where it is stored (streams-app's ProductRollupSpecTest).
        assertThat(Dimension.inOrder(UsageKind.PRODUCT)).allMatch(d -> d.kind() == UsageKind.PRODUCT);
        assertThat(Dimension.inOrder(UsageKind.INTERNAL)).allMatch(d -> d.kind() == UsageKind.INTERNAL);
        assertThat(Stream.concat(
                                Dimension.inOrder(UsageKind.PRODUCT).stream(),
                                Dimension.inOrder(UsageKind.INTERNAL).stream())
                        .toList())
                .containsExactlyInAnyOrder(Dimension.values());
        assertThat(Dimension.inOrder(UsageKind.PRODUCT).get(0)).isEqualTo(Dimension.TENANT);
    }

    @Test
    void namesakesShareOneWireNameInTheOrder() {
        assertThat(Dimension.wireNamesInOrder())
                .containsExactly(
                        "tenant",
                        "feature",
                        "model",
                        "provider",
                        "agent",
                        "workflow",
                        "tool",
                        "user",
                        "status",
                        "outcome",
                        "employee",
                        "team",
                        "category",
                        "source");
    }
}
