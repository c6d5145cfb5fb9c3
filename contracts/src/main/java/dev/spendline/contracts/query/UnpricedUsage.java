package dev.spendline.contracts.query;

import java.util.List;

/**
 * Internal usage that Spendline had to price from its price book ({@code costBasis: price_book})
 * but whose model had no price on the row's day: it counts 0 USD in every cost, its calls and
 * tokens are still counted. Reported beside an internal-usage report so that a cost of $0.00 is
 * never silent (docs/pricing.md, "Unpriced usage").
 *
 * @param calls the unpriced usage rows
 * @param inputTokens their input tokens (cached input included)
 * @param cachedInputTokens their cached input tokens
 * @param outputTokens their output tokens
 * @param models the models without a price, most rows first (empty when {@code calls} is 0)
 * @param fix what to do about it: add a price row for each model
 */
public record UnpricedUsage(
        long calls, long inputTokens, long cachedInputTokens, long outputTokens, List<String> models, String fix) {

    /**
     * How to price them. The setting is the one way to add a price (a file read at start-up);
     * naming it here keeps the CLI, Ask and the dashboard from each inventing their own advice.
     */
    public static final String FIX = "add a price row (provider,model,effective_from,input,cached_input,output per"
            + " million tokens) to the file named by spendline.pricing.price-book-file and restart: see"
            + " docs/pricing.md";

    public static final UnpricedUsage NONE = new UnpricedUsage(0, 0, 0, 0, List.of(), FIX);

    public UnpricedUsage {
        models = models == null ? List.of() : List.copyOf(models);
    }

    public UnpricedUsage(long calls, long inputTokens, long cachedInputTokens, long outputTokens, List<String> models) {
        this(calls, inputTokens, cachedInputTokens, outputTokens, models, FIX);
    }

    /** True when some usage had no price. */
    public boolean any() {
        return calls > 0;
    }
}
