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
 * @param fix what to do about it: add a price row for each model. A deployed streams-app names the
 *     setting and the restart ({@link #FIX}); the standalone names its own command for each model
 *     ({@link #fixByCommands}), with its launcher and data directory filled in.
 */
public record UnpricedUsage(
        long calls, long inputTokens, long cachedInputTokens, long outputTokens, List<String> models, String fix) {

    /**
     * How to price them where no command does it (deployed services): the setting is the one way
     * to add a price (a file read at start-up). Naming it here keeps the CLI, Ask and the dashboard
     * from each inventing their own advice.
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

    /** At most this many models get a command of their own in a fix; the others are counted. */
    public static final int MAX_COMMANDS = 3;

    /**
     * How to price them where a command adds a price (the standalone's {@code add-price}):
     * {@code commands} are that command for each model (at most {@link #MAX_COMMANDS}), with
     * placeholders for the prices, which only the user knows, and for the provider where the usage
     * did not tell it ({@code providerPlaceholder}); {@code otherModels} more models need the same.
     */
    public static String fixByCommands(List<String> commands, int otherModels, boolean providerPlaceholder) {
        return "run " + String.join(" and ", commands)
                + (otherModels > 0
                        ? " and the same for the " + otherModels + " other model" + (otherModels == 1 ? "" : "s")
                        : "")
                + " with the prices in US dollars per million tokens"
                + (providerPlaceholder ? " and the provider as the usage rows name it" : "")
                + ", then restart Spendline: see docs/pricing.md";
    }

    /** The same usage with another fix. */
    public UnpricedUsage withFix(String otherFix) {
        return new UnpricedUsage(calls, inputTokens, cachedInputTokens, outputTokens, models, otherFix);
    }

    /** True when some usage had no price. */
    public boolean any() {
        return calls > 0;
    }
}
