package dev.spendline.streams.pricing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versioned model price book that prices internal-usage rows carrying no cost ({@code
 * costBasis: price_book}) and product events sent with cost 0 ({@code ProductRollupSpec}). The bundled book ({@code price-book.csv}) can be extended or
 * corrected by a file of the same format: its rows replace bundled rows with the same provider,
 * model and effective date, and add the others. Provider and model names match case-insensitively.
 *
 * <p>Written by hand rather than with a CSV library: six plain columns, no quoting needed (model
 * names have no commas), and every malformed line must fail start-up with its line number.
 */
public final class PriceBook {

    /**
     * The columns, as the comment line that heads a price file (a line starting with {@code #} is a
     * comment: the loader reads no header).
     */
    public static final String HEADER =
            "# provider,model,effective_from,input_per_million_usd,cached_input_per_million_usd,output_per_million_usd";

    /** The highest price a line may give, in USD per million tokens: a higher one is a typo. */
    public static final BigDecimal MAX_PRICE = BigDecimal.valueOf(10_000);

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    private static final String BUNDLED = "price-book.csv";
    /** A snapshot date at the end of a model id: {@code -20250929} or {@code -2024-08-06}. */
    private static final Pattern DATE_SUFFIX = Pattern.compile("-(\\d{8}|\\d{4}-\\d{2}-\\d{2})$");

    /** provider/model → prices by effective date. */
    private final Map<String, TreeMap<LocalDate, ModelPrice>> prices;

    /**
     * Per price whose three amounts have at most three decimals (every bundled one): nano-dollars per
     * token, exact ({@code USD per million × 1,000}), so that a call is costed with long arithmetic.
     * The topology prices every product event sent without a cost (OTLP spans usually are), on the
     * stream thread, and the BigDecimal arithmetic was the larger part of that.
     */
    private final Map<ModelPrice, long[]> nanosPerToken = new java.util.IdentityHashMap<>();

    private PriceBook(Map<String, TreeMap<LocalDate, ModelPrice>> prices) {
        this.prices = prices;
        for (TreeMap<LocalDate, ModelPrice> versions : prices.values()) {
            for (ModelPrice p : versions.values()) {
                long input = nanosPerToken(p.inputPerMillionUsd());
                long cached = nanosPerToken(p.cachedInputPerMillionUsd());
                long output = nanosPerToken(p.outputPerMillionUsd());
                if (input >= 0 && cached >= 0 && output >= 0) {
                    nanosPerToken.put(p, new long[] {input, cached, output});
                }
            }
        }
    }

    /** USD per million tokens as whole nano-dollars per token; -1 when it is not whole. */
    private static long nanosPerToken(BigDecimal perMillionUsd) {
        BigDecimal nanos = perMillionUsd.movePointRight(3);
        return nanos.stripTrailingZeros().scale() <= 0 ? nanos.longValueExact() : -1;
    }

    /** The book shipped with Spendline. */
    public static PriceBook bundled() {
        return of(readBundled(), List.of());
    }

    /** The bundled book with the rows of {@code override} (a file in the same format) on top. */
    public static PriceBook withOverrides(Path override) {
        return of(readBundled(), read(override));
    }

    /**
     * The prices of a file in the price-book format, as start-up reads them.
     *
     * @throws IllegalArgumentException naming the line of the first malformed one
     */
    public static List<ModelPrice> read(Path file) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the price book " + file, e);
        }
    }

    /** The bundled book's own lines, before any file of the operator's is laid on top. */
    public static List<ModelPrice> bundledPrices() {
        return readBundled();
    }

    static PriceBook of(Collection<ModelPrice> base, Collection<ModelPrice> overrides) {
        Map<String, TreeMap<LocalDate, ModelPrice>> prices = new HashMap<>();
        for (Collection<ModelPrice> rows : List.of(base, overrides)) {
            for (ModelPrice p : rows) {
                prices.computeIfAbsent(key(p.provider(), p.model()), k -> new TreeMap<>())
                        .put(p.effectiveFrom(), p);
            }
        }
        return new PriceBook(prices);
    }

    /** The price in force for the model on the (UTC) day of {@code at}, if the book has one. */
    public Optional<ModelPrice> priceAt(String provider, String model, Instant at) {
        if (provider == null || model == null) {
            return Optional.empty();
        }
        TreeMap<LocalDate, ModelPrice> versions = prices.get(key(provider, model));
        if (versions == null) {
            // SDKs send the snapshot the provider answered with (claude-sonnet-4-5-20250929,
            // gpt-4o-2024-08-06): a snapshot without a row of its own costs what its model costs.
            Matcher snapshot = DATE_SUFFIX.matcher(model);
            versions = snapshot.find() ? prices.get(key(provider, model.substring(0, snapshot.start()))) : null;
        }
        if (versions == null) {
            return Optional.empty();
        }
        Map.Entry<LocalDate, ModelPrice> entry = versions.floorEntry(LocalDate.ofInstant(at, ZoneOffset.UTC));
        return entry == null ? Optional.empty() : Optional.of(entry.getValue());
    }

    /**
     * The cost of a call: uncached input (input minus cached input) at the input price, cached input
     * at the cached price, output at the output price; in nano-dollars, rounded half-even once at
     * the end. Empty when the model has no price on that day.
     */
    public Optional<Long> costNanos(
            String provider, String model, Instant at, long inputTokens, long cachedInputTokens, long outputTokens) {
        return priceAt(provider, model, at).map(p -> {
            long uncached = Math.max(0, inputTokens - cachedInputTokens);
            long[] perToken = nanosPerToken.get(p);
            if (perToken != null) {
                // Exact: whole nano-dollars per token, so no rounding is needed.
                return Math.addExact(
                        Math.addExact(
                                Math.multiplyExact(uncached, perToken[0]),
                                Math.multiplyExact(cachedInputTokens, perToken[1])),
                        Math.multiplyExact(outputTokens, perToken[2]));
            }
            BigDecimal usd = p.inputPerMillionUsd()
                    .multiply(BigDecimal.valueOf(uncached))
                    .add(p.cachedInputPerMillionUsd().multiply(BigDecimal.valueOf(cachedInputTokens)))
                    .add(p.outputPerMillionUsd().multiply(BigDecimal.valueOf(outputTokens)))
                    .divide(MILLION);
            return usd.movePointRight(9).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        });
    }

    public int size() {
        return prices.values().stream().mapToInt(Map::size).sum();
    }

    static String key(String provider, String model) {
        return provider.toLowerCase(Locale.ROOT) + '/' + model.toLowerCase(Locale.ROOT);
    }

    private static List<ModelPrice> readBundled() {
        try (InputStream in = PriceBook.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("The bundled price book " + BUNDLED + " is missing");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), BUNDLED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<ModelPrice> parse(BufferedReader reader, String source) throws IOException {
        List<ModelPrice> rows = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] f = trimmed.split(",", -1);
            if (f.length != 6) {
                throw invalid(
                        source, number, "expected 6 columns (provider,model,effective_from,input,cached_input,output)");
            }
            try {
                ModelPrice price = new ModelPrice(
                        required(f[0], "provider", source, number),
                        required(f[1], "model", source, number),
                        LocalDate.parse(f[2].strip()),
                        price(f[3], source, number),
                        price(f[4], source, number),
                        price(f[5], source, number));
                rows.add(price);
            } catch (DateTimeParseException e) {
                throw invalid(source, number, "effective_from must be a date like 2025-04-14");
            }
        }
        return rows;
    }

    private static String required(String value, String name, String source, int line) {
        String v = value.strip();
        if (v.isEmpty()) {
            throw invalid(source, line, name + " is empty");
        }
        return v;
    }

    private static BigDecimal price(String value, String source, int line) {
        try {
            BigDecimal p = new BigDecimal(value.strip());
            if (p.signum() < 0 || p.compareTo(MAX_PRICE) > 0) {
                throw invalid(source, line, "prices must be between 0 and 10000 USD per million tokens");
            }
            return p;
        } catch (NumberFormatException e) {
            throw invalid(source, line, "'" + value.strip() + "' is not a price");
        }
    }

    private static IllegalArgumentException invalid(String source, int line, String problem) {
        return new IllegalArgumentException("Price book " + source + ", line " + line + ": " + problem);
    }
}
