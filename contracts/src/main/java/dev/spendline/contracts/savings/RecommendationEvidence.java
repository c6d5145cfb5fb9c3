package dev.spendline.contracts.savings;

import dev.spendline.contracts.waste.WasteKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The figures a recommendation rests on, so that a reader can check it.
 *
 * @param from start of the period judged (for margins: the first day of the first month)
 * @param to end of the period, excluded
 * @param dimension {@code feature}, {@code workflow} or {@code tenant}
 * @param value the feature, workflow or customer
 * @param wasteKind the kind of waste behind it; null for {@code PROTECT_MARGIN}
 * @param calls the calls of that kind of waste (for margins: all the customer's calls)
 * @param amountUsd the waste of that kind in the period (for margins: cost minus revenue)
 * @param spendUsd everything the feature, workflow or customer cost in the period
 * @param revenueUsd the customer's revenue in the months judged; null except for margins
 * @param models the models the recommendation is about: for {@code USE_CHEAPER_MODEL} the
 *     expensive models whose calls were the overkill, the largest share of it first; empty for
 *     every other kind
 */
public record RecommendationEvidence(
        Instant from,
        Instant to,
        String dimension,
        String value,
        WasteKind wasteKind,
        long calls,
        BigDecimal amountUsd,
        BigDecimal spendUsd,
        BigDecimal revenueUsd,
        List<String> models) {}
