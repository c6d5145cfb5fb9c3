package dev.spendline.streams.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PriceBookTest {

    @TempDir
    Path dir;

    @Test
    void theBundledBookPricesByTheVersionInForceOnTheDay() {
        PriceBook book = PriceBook.bundled();
        assertThat(book.size()).isGreaterThanOrEqualTo(20);
        // o3 was 10 / 2.50 / 40 until 9 June 2025 and 2 / 0.50 / 8 from 10 June 2025.
        assertThat(book.priceAt("openai", "o3", Instant.parse("2025-06-09T23:59:59Z"))
                        .orElseThrow()
                        .inputPerMillionUsd())
                .isEqualByComparingTo("10.00");
        assertThat(book.priceAt("openai", "o3", Instant.parse("2025-06-10T00:00:00Z"))
                        .orElseThrow()
                        .inputPerMillionUsd())
                .isEqualByComparingTo("2.00");
        // Before the first version there is no price; names match in any case.
        assertThat(book.priceAt("openai", "o3", Instant.parse("2025-01-01T00:00:00Z")))
                .isEmpty();
        assertThat(book.priceAt("Anthropic", "Claude-Sonnet-4", Instant.parse("2026-11-01T00:00:00Z")))
                .isPresent();
        assertThat(book.priceAt("acme", "secret-model", Instant.parse("2026-11-01T00:00:00Z")))
                .isEmpty();
    }

    /** The models in the agents' recorded payloads (cli/src/test/resources/otlp) and the SDKs' snapshot ids. */
    @Test
    void theModelsTheAgentsAndSdksSendTodayArePriced() {
        PriceBook book = PriceBook.bundled();
        Instant now = Instant.parse("2026-11-26T00:00:00Z");
        // Codex 0.169.0's default model: 1.25 / 0.125 / 10.00.
        assertThat(book.priceAt("openai", "gpt-5.1-codex", now).orElseThrow().outputPerMillionUsd())
                .isEqualByComparingTo("10.00");
        // Claude Code 2.1.197's model: 5 / 0.50 / 25.
        assertThat(book.priceAt("anthropic", "claude-opus-4-8", now)
                        .orElseThrow()
                        .inputPerMillionUsd())
                .isEqualByComparingTo("5.00");
        // A dated snapshot is priced as its model; an exact row wins over that.
        assertThat(book.priceAt("anthropic", "claude-sonnet-4-5-20250929", now))
                .isEqualTo(book.priceAt("anthropic", "claude-sonnet-4-5", now));
        assertThat(book.priceAt("openai", "gpt-4o-2024-08-06", now)).isEqualTo(book.priceAt("openai", "gpt-4o", now));
        assertThat(book.priceAt("openai", "gpt-4o-2024-08-06", now)).isPresent();
        // A price change keeps both versions: Sonnet 5.5's cache hits from 0.20 to 0.10 on 7 Oct 2026.
        assertThat(book.priceAt("anthropic", "claude-sonnet-5-5", Instant.parse("2026-10-06T12:00:00Z"))
                        .orElseThrow()
                        .cachedInputPerMillionUsd())
                .isEqualByComparingTo("0.20");
        assertThat(book.priceAt("anthropic", "claude-sonnet-5-5", now)
                        .orElseThrow()
                        .cachedInputPerMillionUsd())
                .isEqualByComparingTo("0.10");
        // Not every suffix is a date: an unknown model stays unknown.
        assertThat(book.priceAt("openai", "gpt-9-turbo-2026", now)).isEmpty();
    }

    /**
     * Every model in the agents' recorded log payloads (what the collector turns into usage rows) has
     * a price on the day they were captured: a new recording with a new default model fails here
     * until the book has it, instead of the model's usage counting $0.00.
     */
    @Test
    void everyModelTheRecordedAgentsSendHasAPrice() throws Exception {
        Path recordings = Path.of("..", "cli", "src", "test", "resources", "otlp");
        Pattern model = Pattern.compile(
                "\"key\"\\s*:\\s*\"model\"\\s*,\\s*\"value\"\\s*:\\s*\\{\\s*\"stringValue\"\\s*:\\s*\"([^\"]+)\"");
        Set<String> models = new TreeSet<>();
        try (var files = Files.list(recordings)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith("-logs.json")).toList()) {
                Matcher m = model.matcher(Files.readString(file));
                while (m.find()) {
                    models.add(m.group(1));
                }
            }
        }
        assertThat(models).contains("gpt-5.1-codex", "claude-opus-4-8");
        PriceBook book = PriceBook.bundled();
        Instant captured = Instant.parse("2026-11-25T00:00:00Z");
        for (String name : models) {
            String provider = name.startsWith("claude") ? "anthropic" : "openai";
            assertThat(book.priceAt(provider, name, captured))
                    .as(provider + "/" + name)
                    .isPresent();
        }
    }

    @Test
    void costIsUncachedInputPlusCachedInputPlusOutputAtTheirPrices() {
        PriceBook book = PriceBook.bundled();
        // claude-sonnet-4: 3 / 0.30 / 15 per million. 1,000 input of which 100 cached, 200 output:
        // 900 × 3 + 100 × 0.30 + 200 × 15 = 2,700 + 30 + 3,000 = 5,730 per million = 0.00573 USD.
        assertThat(book.costNanos(
                        "anthropic", "claude-sonnet-4", Instant.parse("2026-11-20T10:00:00Z"), 1_000, 100, 200))
                .hasValue(5_730_000L);
        // gpt-4.1-nano: 0.10 / 0.025 / 0.40. 7 input, 3 cached, 1 output:
        // 4 × 0.10 + 3 × 0.025 + 1 × 0.40 = 0.875 per million = 0.000000875 USD = 875 nano-dollars.
        assertThat(book.costNanos("openai", "gpt-4.1-nano", Instant.parse("2026-11-20T10:00:00Z"), 7, 3, 1))
                .hasValue(875L);
        assertThat(book.costNanos("acme", "x", Instant.parse("2026-11-20T10:00:00Z"), 1, 0, 1))
                .isEmpty();
    }

    @Test
    void anOverrideFileReplacesRowsOfTheSameDateAndAddsOthers() throws Exception {
        Path file = dir.resolve("prices.csv");
        Files.writeString(
                file,
                """
                # our negotiated prices
                anthropic,claude-sonnet-4,2025-05-22,2.40,0.24,12.00
                acme,in-house-7b,2026-01-01,0.05,0,0.05
                """);
        PriceBook book = PriceBook.withOverrides(file);
        Instant nov = Instant.parse("2026-11-20T10:00:00Z");
        assertThat(book.priceAt("anthropic", "claude-sonnet-4", nov)
                        .orElseThrow()
                        .inputPerMillionUsd())
                .isEqualByComparingTo("2.40");
        assertThat(book.costNanos("acme", "in-house-7b", nov, 1_000_000, 0, 1_000_000))
                .hasValue(100_000_000L);
        assertThat(book.size()).isEqualTo(PriceBook.bundled().size() + 1);
    }

    /**
     * Costing with whole nano-dollars per token (prices with at most three decimals) gives exactly
     * what the formula gives in BigDecimal, rounded half-even once; a price with more decimals is
     * costed by the formula itself.
     */
    @Test
    void everyPriceCostsCallsExactlyAsTheFormula() throws Exception {
        java.util.Random random = new java.util.Random(32);
        Path file = dir.resolve("fine.csv");
        Files.writeString(file, PriceBook.HEADER + "\nacme,fine-1,2025-01-01,0.0375,0.00375,0.1125\n");
        PriceBook book = PriceBook.withOverrides(file);
        java.util.List<ModelPrice> prices = new java.util.ArrayList<>(PriceBook.bundledPrices());
        prices.addAll(PriceBook.read(file));
        for (ModelPrice p : prices) {
            Instant day =
                    p.effectiveFrom().atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
            for (int i = 0; i < 200; i++) {
                long input = random.nextInt(4) == 0 ? random.nextInt(10) : (long) random.nextInt(1_000_000_000);
                long cached = random.nextInt(3) == 0 ? 0 : (long) (random.nextDouble() * input);
                long output = random.nextInt(4) == 0 ? random.nextInt(10) : (long) random.nextInt(1_000_000_000);
                java.math.BigDecimal usd = p.inputPerMillionUsd()
                        .multiply(java.math.BigDecimal.valueOf(input - cached))
                        .add(p.cachedInputPerMillionUsd().multiply(java.math.BigDecimal.valueOf(cached)))
                        .add(p.outputPerMillionUsd().multiply(java.math.BigDecimal.valueOf(output)))
                        .divide(java.math.BigDecimal.valueOf(1_000_000));
                long expected = usd.movePointRight(9)
                        .setScale(0, java.math.RoundingMode.HALF_EVEN)
                        .longValueExact();
                assertThat(book.costNanos(p.provider(), p.model(), day, input, cached, output))
                        .as("%s/%s %d in (%d cached), %d out", p.provider(), p.model(), input, cached, output)
                        .hasValue(expected);
            }
        }
        // 7 input tokens at 0.0375 USD per million: 262.5 nano-dollars, rounded half-even to 262.
        assertThat(book.costNanos("acme", "fine-1", Instant.parse("2026-01-01T00:00:00Z"), 7, 0, 0))
                .hasValue(262L);
    }

    /** What add-price writes: the header comment, then lines the loader reads back as the same prices. */
    @Test
    void aPriceWrittenAsALineReadsBackAsTheSamePrice() throws Exception {
        ModelPrice price = new ModelPrice(
                "openai",
                "gpt-9",
                java.time.LocalDate.of(2026, 11, 26),
                new java.math.BigDecimal("2.50"),
                new java.math.BigDecimal("0.250"),
                new java.math.BigDecimal("10"));
        assertThat(price.csvLine()).isEqualTo("openai,gpt-9,2026-11-26,2.50,0.250,10");
        Path file = dir.resolve("prices.csv");
        Files.writeString(file, PriceBook.HEADER + "\n" + price.csvLine() + "\n");

        assertThat(PriceBook.read(file)).containsExactly(price);
        // The same version in another case is the line that would replace it; another day is not.
        ModelPrice shouted = new ModelPrice(
                "OpenAI",
                "GPT-9",
                price.effectiveFrom(),
                price.outputPerMillionUsd(),
                price.outputPerMillionUsd(),
                price.outputPerMillionUsd());
        assertThat(shouted.sameVersionAs(price)).isTrue();
        assertThat(new ModelPrice(
                                "openai",
                                "gpt-9",
                                price.effectiveFrom().plusDays(1),
                                price.inputPerMillionUsd(),
                                price.cachedInputPerMillionUsd(),
                                price.outputPerMillionUsd())
                        .sameVersionAs(price))
                .isFalse();
        assertThat(PriceBook.bundledPrices()).hasSize(PriceBook.bundled().size());
    }

    @Test
    void aMalformedLineFailsWithItsLineNumber() {
        assertThatThrownBy(() -> PriceBook.parse(reader("# header\nopenai,gpt-x,2025-01-01,1,2\n"), "f.csv"))
                .hasMessage("Price book f.csv, line 2: expected 6 columns"
                        + " (provider,model,effective_from,input,cached_input,output)");
        assertThatThrownBy(() -> PriceBook.parse(reader("openai,gpt-x,2025-13-01,1,2,3"), "f.csv"))
                .hasMessageContaining("line 1: effective_from must be a date");
        assertThatThrownBy(() -> PriceBook.parse(reader("openai,gpt-x,2025-01-01,-1,2,3"), "f.csv"))
                .hasMessageContaining("line 1: prices must be between 0 and 10000");
        assertThatThrownBy(() -> PriceBook.parse(reader("openai,gpt-x,2025-01-01,one,2,3"), "f.csv"))
                .hasMessageContaining("line 1: 'one' is not a price");
        assertThatThrownBy(() -> PriceBook.parse(reader(" ,gpt-x,2025-01-01,1,2,3"), "f.csv"))
                .hasMessageContaining("line 1: provider is empty");
    }

    private static BufferedReader reader(String text) {
        return new BufferedReader(new StringReader(text));
    }
}
