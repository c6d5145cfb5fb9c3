package dev.spendline.contracts;

import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/**
 * Small builders for the answer records that fixtures in several modules write by hand (published
 * in the contracts test jar, so the read tools' fixtures here and the recommender's fixture in
 * streams-app build their figures the same way).
 */
public final class ReportFixtures {

    private ReportFixtures() {}

    /** Measures of {@code calls} calls costing {@code costNanos}, with token and error counts derived from the calls. */
    public static Measures measures(long costNanos, long calls, Double avgLatencyMs) {
        return new Measures(
                Measures.usdFromNanos(costNanos),
                calls,
                calls * 1_200,
                calls * 300,
                calls * 800,
                calls * 20,
                calls / 50,
                calls / 100,
                avgLatencyMs);
    }

    /** One row a waste kind, each with the same amount and no occurrences. */
    public static List<WasteRow> kinds(BigDecimal each) {
        return Arrays.stream(WasteKind.values())
                .map(k -> new WasteRow(k, null, each, 0))
                .toList();
    }

    public static BigDecimal usd(String amount) {
        return new BigDecimal(amount);
    }
}
