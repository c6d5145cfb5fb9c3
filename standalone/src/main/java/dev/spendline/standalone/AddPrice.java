package dev.spendline.standalone;

import dev.spendline.contracts.validation.TerminalText;
import dev.spendline.streams.pricing.ModelPrice;
import dev.spendline.streams.pricing.PriceBook;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/spendline-local add-price}: the one-command fix for unpriced usage (issue #31). Appends
 * a line to the data directory's own price file, {@value #FILE}, which the standalone lays on top
 * of the bundled price book at start-up ({@link #defaultPriceBookFile}). The line is written by
 * {@link ModelPrice#csvLine()} and checked the way start-up reads it ({@link PriceBook#read}), so a
 * line this command writes never stops the next start.
 */
@Command(
        name = "add-price",
        mixinStandardHelpOptions = true,
        description = {
            "Adds a model's price (US dollars per million tokens) to <data-dir>/" + AddPrice.FILE + ", the"
                    + " price file Spendline lays on top of its bundled price book at start-up. Usage rows of"
                    + " that model processed after the next start are costed with it; rows already counted"
                    + " as unpriced stay so (docs/pricing.md).",
            "Restart Spendline on the data directory to apply it: the price book is read at start-up."
        })
final class AddPrice implements Callable<Integer> {

    /** The price file in the data directory, read by default when it exists. */
    static final String FILE = "prices.csv";

    /** The Spring property naming the operator's price file (streams-app). */
    static final String PRICE_BOOK_FILE_PROPERTY = "spendline.pricing.price-book-file";

    /** The same setting as an environment variable (Spring's relaxed binding). */
    static final String PRICE_BOOK_FILE_ENV = "SPENDLINE_PRICING_PRICE_BOOK_FILE";

    /**
     * The default first day of a model the book has no price for at all: before any usage
     * Spendline holds, so every row of it, however late it arrives, is costed.
     */
    static final LocalDate SINCE_ALWAYS = LocalDate.of(2000, 1, 1);

    /** Picocli's exit code for invalid input, for every refusal of this command too. */
    static final int BAD_INPUT = CommandLine.ExitCode.USAGE;

    /** A price as people write it: digits with an optional decimal part, no sign, no exponent. */
    private static final Pattern DECIMAL = Pattern.compile("\\d+(\\.\\d+)?");

    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    StandaloneMain.DataDir dataDir;

    @Option(
            names = "--provider",
            required = true,
            paramLabel = "PROVIDER",
            description = "The provider as the usage rows name it: openai, anthropic, google, ...")
    String provider;

    @Option(
            names = "--model",
            required = true,
            paramLabel = "MODEL",
            description = "The model as the usage rows name it.")
    String model;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "USD_PER_MTOK",
            description = "US dollars per million input tokens, a decimal: 1.25")
    String input;

    @Option(
            names = "--output",
            required = true,
            paramLabel = "USD_PER_MTOK",
            description = "US dollars per million output tokens.")
    String output;

    @Option(
            names = "--cached-input",
            paramLabel = "USD_PER_MTOK",
            description = "US dollars per million input tokens read from the provider's prompt cache (default:"
                    + " the --input price, no cache discount).")
    String cachedInput;

    @Option(
            names = "--effective-from",
            paramLabel = "YYYY-MM-DD",
            description = "The first day (UTC) the price applies (default: 2000-01-01, every day, when the book"
                    + " has no price for the model; today when it has one, so that its earlier days keep"
                    + " theirs).")
    String effectiveFrom;

    private final Clock clock;

    AddPrice() {
        this(Clock.systemUTC());
    }

    AddPrice(Clock clock) {
        this.clock = clock;
    }

    /**
     * The price file the standalone reads when {@value #PRICE_BOOK_FILE_PROPERTY} is not set: the
     * data directory's {@value #FILE}, when it exists.
     */
    static Optional<Path> defaultPriceBookFile(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    /**
     * The price file {@code named} (the value of {@value #PRICE_BOOK_FILE_PROPERTY}) when it is not
     * {@code file}: Spendline then reads that one, and a line added to {@code file} changes nothing.
     */
    static Optional<String> namedInstead(Path file, String named) {
        if (named == null || named.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(named).toAbsolutePath().normalize();
        return path.equals(file.toAbsolutePath().normalize()) ? Optional.empty() : Optional.of(named);
    }

    @Override
    public Integer call() {
        List<String> problems = new ArrayList<>();
        String providerName = name("--provider", provider, problems);
        String modelName = name("--model", model, problems);
        BigDecimal inputPrice = price("--input", input, problems);
        BigDecimal outputPrice = price("--output", output, problems);
        BigDecimal cachedPrice = cachedInput == null ? inputPrice : price("--cached-input", cachedInput, problems);
        LocalDate given = effectiveFrom == null ? null : date(effectiveFrom, problems);
        if (!problems.isEmpty()) {
            return refuse(String.join("; ", problems));
        }
        Path dir = dataDir.path.toAbsolutePath().normalize();
        Path file = dir.resolve(FILE);
        List<ModelPrice> existing;
        try {
            existing = Files.exists(file) ? PriceBook.read(file) : List.of();
        } catch (IllegalArgumentException e) {
            return refuse(e.getMessage() + ": correct that line first (nothing was added)");
        } catch (UncheckedIOException e) {
            return failed(e);
        }
        ModelPrice price = new ModelPrice(providerName, modelName, SINCE_ALWAYS, inputPrice, cachedPrice, outputPrice);
        LocalDate from = given != null ? given : defaultStart(price, existing);
        price = new ModelPrice(providerName, modelName, from, inputPrice, cachedPrice, outputPrice);
        Optional<ModelPrice> duplicate =
                existing.stream().filter(price::sameVersionAs).findFirst();
        if (duplicate.isPresent()) {
            return refuse(TerminalText.escape(file.toString()) + " already has a price for "
                    + TerminalText.escape(providerName + " " + modelName) + " from " + from + ": "
                    + TerminalText.escape(duplicate.get().csvLine())
                    + " (edit that line to change it, or give another --effective-from)");
        }
        try {
            append(dir, file, price);
        } catch (UncheckedIOException e) {
            return failed(e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Added to " + TerminalText.escape(file.toString()) + ": " + TerminalText.escape(price.csvLine()));
        out.println("  " + TerminalText.escape(providerName + " " + modelName) + " from " + from
                + (given == null
                        ? (from.equals(SINCE_ALWAYS) ? " (every day: the book had no price for it)" : " (today)")
                        : "")
                + ": input " + inputPrice.toPlainString() + ", cached input " + cachedPrice.toPlainString()
                + ", output " + outputPrice.toPlainString() + " USD per million tokens.");
        out.println("Restart Spendline on this data directory to apply it: the price book is read at start-up,"
                + " and rows processed from then on are costed with it.");
        // The setting as this shell would start Spendline with it: another file there wins over this one.
        namedInstead(file, System.getProperty(PRICE_BOOK_FILE_PROPERTY, System.getenv(PRICE_BOOK_FILE_ENV)))
                .ifPresent(other -> out.println("Note: " + PRICE_BOOK_FILE_PROPERTY + " names "
                        + TerminalText.escape(other) + " here; a Spendline started with it reads that file instead"
                        + " of this one: add the line there."));
        return 0;
    }

    /**
     * Since always for a model without any price, so late rows are costed too; today for a model
     * that has one, so a new price does not rewrite the days the old one covered.
     */
    private LocalDate defaultStart(ModelPrice price, List<ModelPrice> existing) {
        boolean priced = Stream.concat(PriceBook.bundledPrices().stream(), existing.stream())
                .anyMatch(price::sameModelAs);
        return priced ? LocalDate.now(clock) : SINCE_ALWAYS;
    }

    /** A provider or model as one field of a line: no comma, no line break, not a comment. */
    private static String name(String option, String value, List<String> problems) {
        String v = value.strip();
        if (v.isEmpty()) {
            problems.add(option + " is empty");
        } else if (v.contains(",")) {
            problems.add(option + " '" + TerminalText.escape(v) + "' has a comma, which separates the price file's"
                    + " columns");
        } else if (v.chars().anyMatch(Character::isISOControl)) {
            problems.add(option + " '" + TerminalText.escape(v) + "' has a line break or control character");
        } else if (option.equals("--provider") && v.startsWith("#")) {
            problems.add(option + " '" + TerminalText.escape(v) + "' starts with #, which makes the line a comment");
        }
        return v;
    }

    private static BigDecimal price(String option, String value, List<String> problems) {
        String v = value.strip();
        if (!DECIMAL.matcher(v).matches()) {
            problems.add(option + " '" + TerminalText.escape(v)
                    + "' is not a price: give US dollars per million tokens as a non-negative decimal, e.g. 2.50");
            return BigDecimal.ZERO;
        }
        BigDecimal price = new BigDecimal(v);
        if (price.compareTo(PriceBook.MAX_PRICE) > 0) {
            problems.add(option + " " + v + " is above " + PriceBook.MAX_PRICE
                    + " US dollars per million tokens: a price per million tokens, not per token or per thousand?");
        }
        return price;
    }

    private static LocalDate date(String value, List<String> problems) {
        String v = value.strip();
        try {
            if (DATE.matcher(v).matches()) {
                return LocalDate.parse(v);
            }
        } catch (DateTimeParseException e) {
            // Falls through to the one message below: 2026-02-30 is as wrong as 30/02/2026.
        }
        problems.add("--effective-from '" + TerminalText.escape(v) + "' is not a date like 2026-11-26 (YYYY-MM-DD)");
        return null;
    }

    /** Appends the line; a new file starts with the column header (a comment line). */
    private static void append(Path dir, Path file, ModelPrice price) {
        try {
            StringBuilder text = new StringBuilder();
            if (!Files.exists(file)) {
                // Before the first start too: the directory as the start creates it (0700), quietly.
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DataDirectory.DIRECTORY));
                Files.createFile(file, PosixFilePermissions.asFileAttribute(DataDirectory.FILE));
                text.append(PriceBook.HEADER).append('\n');
            } else if (Files.size(file) > 0 && !endsWithNewline(file)) {
                // A hand-edited file without a final line break: the new line must not join its last one.
                text.append('\n');
            }
            text.append(price.csvLine()).append('\n');
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return bytes[bytes.length - 1] == '\n';
    }

    /** The file could not be read or written (permissions, a full disk): one line, exit 1. */
    private int failed(UncheckedIOException e) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(TerminalText.escape(e.getMessage() + ": " + e.getCause()));
        err.flush();
        return CommandLine.ExitCode.SOFTWARE;
    }

    /** One line on stderr, exit 2: nothing was written. */
    private int refuse(String problem) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(problem);
        err.flush();
        return BAD_INPUT;
    }
}
