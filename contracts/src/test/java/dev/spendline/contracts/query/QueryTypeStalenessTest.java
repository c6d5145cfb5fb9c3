package dev.spendline.contracts.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Pins which reads a standby replica may answer: changing one is a decision (see the comment at
 * the top of {@link QueryType}), not an accident.
 */
class QueryTypeStalenessTest {

    @Test
    void onlyTheReadsThatDecideSomethingExactlyWaitForTheOwner() {
        assertThat(QueryType.ALL.stream().filter(t -> !t.staleTolerant()))
                .containsExactlyInAnyOrder(QueryType.ACCEPTED_PAIRS, QueryType.EXPERIMENTS);
    }

    @Test
    void reportsAndTheQuotaCountMayComeFromAStandby() {
        assertThat(QueryType.ALL.stream().filter(QueryType::staleTolerant))
                .containsExactlyInAnyOrder(
                        QueryType.SPEND_BY,
                        QueryType.MARGIN_BY_CUSTOMER,
                        QueryType.MARGIN_BY_FEATURE,
                        QueryType.TOP_WASTE,
                        QueryType.SAVINGS_RECOMMENDATIONS,
                        QueryType.BUDGET_STATUS,
                        QueryType.ACTIVE_ALERTS,
                        QueryType.COMPARE,
                        QueryType.QUOTA_USAGE,
                        QueryType.DEAD_LETTERS);
    }
}
