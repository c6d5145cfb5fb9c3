package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.pricing.ModelPrice;
import dev.spendline.streams.pricing.PriceBook;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bin/spendline-local add-price}, the one-command fix for unpriced usage: the real command
 * line on a data directory, its file read back by the loader start-up uses.
 */
class AddPriceTest {

    private static final Instant NOW = Instant.parse("2026-11-26T19:00:00Z");

    @TempDir
    Path work;

    record Run(int exitCode, String out, String err) {}

    @Test
    void createsThePriceFileWithItsHeaderAndTheLoaderPricesTheModel() throws Exception {
        Path data = work.resolve("data");

        Run run = addPrice("--provider", "openai", "--model", "gpt-9", "--input", "2.50", "--output", "10");

        assertThat(run.exitCode()).as(run.err()).isZero();
        Path file = data.resolve("prices.csv");
        assertThat(Files.readAllLines(file)).containsExactly(PriceBook.HEADER, "openai,gpt-9,2000-01-01,2.50,2.50,10");
        assertThat(run.out())
                .isEqualTo("Added to " + file + ": openai,gpt-9,2000-01-01,2.50,2.50,10\n"
                        + "  openai gpt-9 from 2000-01-01 (every day: the book had no price for it): input 2.50,"
                        + " cached input 2.50, output 10 USD per million tokens.\n"
                        + "Restart Spendline on this data directory to apply it: the price book is read at start-up,"
                        + " and rows processed from then on are costed with it.\n");
        // Start-up's loader reads it back, and the book prices a row of that model: 1,000 input
        // tokens of which 100 cached and 200 output = 900 × 2.50 + 100 × 2.50 + 200 × 10 per million.
        assertThat(PriceBook.read(file))
                .containsExactly(new ModelPrice(
                        "openai",
                        "gpt-9",
                        LocalDate.of(2000, 1, 1),
                        new BigDecimal("2.50"),
                        new BigDecimal("2.50"),
                        new BigDecimal("10")));
        assertThat(PriceBook.withOverrides(file).costNanos("OpenAI", "gpt-9", NOW, 1_000, 100, 200))
                .contains(4_500_000L);
        // The standalone reads it by default once it exists.
        assertThat(AddPrice.defaultPriceBookFile(data)).contains(file);
        assertThat(AddPrice.defaultPriceBookFile(work.resolve("elsewhere"))).isEmpty();
    }

    @Test
    void appendsToAnExistingFileKeepingItsLinesAndGivesTheCachedPriceAndDate() throws Exception {
        Path data = Files.createDirectories(work.resolve("data"));
        Path file = data.resolve("prices.csv");
        // Hand-written, without a final line break: the new line must not join the last one.
        Files.writeString(file, "# ours\nacme,in-house-7b,2026-01-01,0.05,0,0.05");

        Run run = addPrice(
                "--provider", "anthropic",
                "--model", "claude-sonnet-4",
                "--input", "2.40",
                "--cached-input", "0.24",
                "--output", "12.00",
                "--effective-from", "2026-11-01");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readAllLines(file))
                .containsExactly(
                        "# ours",
                        "acme,in-house-7b,2026-01-01,0.05,0,0.05",
                        "anthropic,claude-sonnet-4,2026-11-01,2.40,0.24,12.00");
        assertThat(PriceBook.read(file)).hasSize(2);
        assertThat(PriceBook.withOverrides(file)
                        .priceAt("anthropic", "claude-sonnet-4", Instant.parse("2026-11-02T00:00:00Z"))
                        .orElseThrow()
                        .outputPerMillionUsd())
                .isEqualByComparingTo("12.00");
    }

    /** A model the book prices already: a new price starts today, so its earlier days keep the old one. */
    @Test
    void aModelTheBookPricesGetsTodayByDefault() throws Exception {
        Run run = addPrice("--provider", "anthropic", "--model", "Claude-Sonnet-4", "--input", "2", "--output", "10");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readAllLines(work.resolve("data").resolve("prices.csv")))
                .last()
                .isEqualTo("anthropic,Claude-Sonnet-4,2026-11-26,2,2,10");
        assertThat(run.out()).contains(" from 2026-11-26 (today): ");
    }

    @Test
    void refusesTheSameProviderModelAndDateTwiceInAnyCase() throws Exception {
        assertThat(addPrice("--provider", "openai", "--model", "gpt-9", "--input", "1", "--output", "2")
                        .exitCode())
                .isZero();
        Path file = work.resolve("data").resolve("prices.csv");
        String before = Files.readString(file);

        Run again = addPrice(
                "--provider", "OpenAI",
                "--model", "GPT-9",
                "--input", "3",
                "--output", "4",
                "--effective-from", "2000-01-01");

        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.out()).isEmpty();
        assertThat(again.err())
                .isEqualTo(file + " already has a price for OpenAI GPT-9 from 2000-01-01: openai,gpt-9,2000-01-01,1,1,2"
                        + " (edit that line to change it, or give another --effective-from)\n");
        assertThat(Files.readString(file)).isEqualTo(before);
        // Without a date, a model priced already (here by the file) gets a new version from today.
        Run later = addPrice("--provider", "openai", "--model", "gpt-9", "--input", "3", "--output", "4");
        assertThat(later.exitCode()).as(later.err()).isZero();
        assertThat(PriceBook.read(file))
                .extracting(ModelPrice::effectiveFrom)
                .containsExactly(LocalDate.of(2000, 1, 1), LocalDate.of(2026, 11, 26));
        assertThat(addPrice("--provider", "openai", "--model", "gpt-9", "--input", "3", "--output", "4")
                        .err())
                .contains("already has a price for openai gpt-9 from 2026-11-26");
    }

    @Test
    void eachBadValueIsNamedWithItsOptionAndNothingIsWritten() {
        assertRefused(with("--provider", " "), "--provider is empty");
        assertRefused(
                with("--model", "gpt,9"), "--model 'gpt,9' has a comma, which separates the price file's columns");
        assertRefused(
                with("--model", "gpt-9\nacme"), "--model 'gpt-9\\u000aacme' has a line break or control character");
        assertRefused(
                with("--provider", "#openai"), "--provider '#openai' starts with #, which makes the line a comment");
        String notAPrice = "' is not a price: give US dollars per million tokens as a non-negative decimal, e.g. 2.50";
        assertRefused(with("--input", "-1"), "--input '-1" + notAPrice);
        assertRefused(with("--output", "$2"), "--output '$2" + notAPrice);
        assertRefused(with("--cached-input", "1e3"), "--cached-input '1e3" + notAPrice);
        assertRefused(
                with("--input", "20000"),
                "--input 20000 is above 10000 US dollars per million tokens: a price per million tokens, not per"
                        + " token or per thousand?");
        assertRefused(
                with("--effective-from", "26/11/2026"),
                "--effective-from '26/11/2026' is not a date like 2026-11-26 (YYYY-MM-DD)");
        assertRefused(
                with("--effective-from", "2026-02-30"),
                "--effective-from '2026-02-30' is not a date like 2026-11-26 (YYYY-MM-DD)");
        // Several problems: all of them, on one line.
        assertRefused(
                List.of("--provider", "", "--model", "gpt-9", "--input", "x", "--output", "1"),
                "--provider is empty; --input 'x" + notAPrice);
        assertThat(work.resolve("data")).doesNotExist();
    }

    /** A valid add-price of openai gpt-9, with {@code option} set to {@code value}. */
    private static List<String> with(String option, String value) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("--provider", "openai");
        options.put("--model", "gpt-9");
        options.put("--input", "1");
        options.put("--output", "1");
        options.put(option, value);
        List<String> args = new ArrayList<>();
        options.forEach((name, given) -> args.addAll(List.of(name, given)));
        return args;
    }

    @Test
    void aMistypedCommandOrOptionNamesAddPrice() {
        Run command = run(List.of("add-prise", "--model", "gpt-9"));
        assertThat(command.exitCode()).isEqualTo(2);
        assertThat(command.err()).startsWith("Unknown command 'add-prise': did you mean add-price?");

        List<String> args = new ArrayList<>(with("--effective-from", "2026-11-01"));
        args.set(args.indexOf("--effective-from"), "--efective-from");
        Run option = addPrice(args.toArray(String[]::new));
        assertThat(option.exitCode()).isEqualTo(2);
        assertThat(option.err()).startsWith("Unknown option '--efective-from': did you mean --effective-from?");
        // A mistyped required option is reported as the missing one, by its name.
        Run required = addPrice("--provider", "openai", "--modle", "gpt-9", "--input", "1", "--output", "1");
        assertThat(required.exitCode()).isEqualTo(2);
        assertThat(required.err()).startsWith("Missing required option: '--model=MODEL'");
        assertThat(work.resolve("data")).doesNotExist();
    }

    @Test
    void aMissingOptionIsAUsageError() {
        Run run = addPrice("--provider", "openai", "--model", "gpt-9", "--input", "1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("Missing required option: '--output=USD_PER_MTOK'");
    }

    @Test
    void aMalformedPriceFileIsNamedByLineAndLeftAsItIs() throws Exception {
        Path data = Files.createDirectories(work.resolve("data"));
        Path file = data.resolve("prices.csv");
        Files.writeString(file, "openai,gpt-9,2026-01-01,1,1\n");

        Run run = addPrice("--provider", "openai", "--model", "gpt-10", "--input", "1", "--output", "1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("Price book " + file + ", line 1: expected 6 columns"
                        + " (provider,model,effective_from,input,cached_input,output): correct that line first"
                        + " (nothing was added)\n");
        assertThat(Files.readString(file)).isEqualTo("openai,gpt-9,2026-01-01,1,1\n");
    }

    @Test
    void aFileThatCannotBeWrittenIsOneLineAndExitCode1() throws Exception {
        // The data directory's place is taken by a file: nothing can be created under it.
        Files.writeString(work.resolve("data"), "not a directory");

        Run run = addPrice("--provider", "openai", "--model", "gpt-9", "--input", "1", "--output", "1");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("Cannot write " + work.resolve("data").resolve("prices.csv") + ": ");
        assertThat(run.err().lines()).hasSize(1);
    }

    /** Another price file named by the setting wins over the data directory's: the fix is not add-price then. */
    @Test
    void anotherPriceFileNamedByTheSettingIsSaidAfterTheLineIsAdded() {
        Path file = work.resolve("data").resolve("prices.csv");
        assertThat(AddPrice.namedInstead(file, null)).isEmpty();
        assertThat(AddPrice.namedInstead(file, " ")).isEmpty();
        assertThat(AddPrice.namedInstead(
                        file, work.resolve("data/../data/prices.csv").toString()))
                .isEmpty();
        assertThat(AddPrice.namedInstead(file, "/etc/spendline/prices.csv")).contains("/etc/spendline/prices.csv");

        System.setProperty(AddPrice.PRICE_BOOK_FILE_PROPERTY, "/etc/spendline/prices.csv");
        Run run;
        try {
            run = addPrice("--provider", "openai", "--model", "gpt-9", "--input", "1", "--output", "1");
        } finally {
            System.clearProperty(AddPrice.PRICE_BOOK_FILE_PROPERTY);
        }
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out())
                .endsWith("Note: spendline.pricing.price-book-file names /etc/spendline/prices.csv here; a Spendline"
                        + " started with it reads that file instead of this one: add the line there.\n");
        assertThat(addPrice("--provider", "openai", "--model", "gpt-10", "--input", "1", "--output", "1")
                        .out())
                .doesNotContain("Note:");
    }

    @Test
    void itsHelpNamesEveryOptionAndTheRestart() {
        Run run = run(List.of("add-price", "--help"));

        assertThat(run.exitCode()).isZero();
        assertThat(run.out())
                .contains("add-price")
                .contains("--provider=PROVIDER", "--model=MODEL", "--input=USD_PER_MTOK", "--output=USD_PER_MTOK")
                .contains("--cached-input=USD_PER_MTOK", "--effective-from=YYYY-MM-DD", "--data-dir")
                .contains("Restart Spendline on the data directory to apply it");
    }

    private void assertRefused(List<String> args, String message) {
        Run run = addPrice(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
        assertThat(run.err()).isEqualTo(message + "\n");
        assertThat(run.out()).isEmpty();
    }

    private Run addPrice(String... args) {
        List<String> all = new ArrayList<>(List.of("add-price"));
        all.addAll(List.of(args));
        all.addAll(List.of("--data-dir", work.resolve("data").toString()));
        return run(all);
    }

    /** The real command line, with the command's clock at {@link #NOW}. */
    private Run run(List<String> args) {
        CommandLine commandLine =
                StandaloneMain.configured(new CommandLine(new StandaloneMain(), new CommandLine.IFactory() {
                    private final CommandLine.IFactory defaults = CommandLine.defaultFactory();

                    @Override
                    public <K> K create(Class<K> cls) throws Exception {
                        if (cls == AddPrice.class) {
                            return cls.cast(new AddPrice(Clock.fixed(NOW, ZoneOffset.UTC)));
                        }
                        return defaults.create(cls);
                    }
                }));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args.toArray(String[]::new));
        return new Run(exitCode, out.toString(), err.toString());
    }
}
