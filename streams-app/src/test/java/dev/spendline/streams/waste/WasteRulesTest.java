package dev.spendline.streams.waste;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.pricing.ModelPrice;
import dev.spendline.streams.waste.WasteRules.CacheBaseline;
import dev.spendline.streams.waste.WasteRules.CheaperModel;
import dev.spendline.streams.waste.WasteRules.ModelBaseline;
import dev.spendline.streams.waste.WasteRules.RunSoFar;
import dev.spendline.streams.waste.WasteRules.WorkflowBaseline;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each threshold of docs/waste.md at its edge, and the worked examples of that page. */
class WasteRulesTest {

    private static final long USD = 1_000_000_000L;
    private static final ModelPrice GPT_41 = new ModelPrice(
            "openai",
            "gpt-4.1",
            LocalDate.parse("2025-04-14"),
            new BigDecimal("2.00"),
            new BigDecimal("0.50"),
            new BigDecimal("8.00"));

    @Test
    void aRunIsARunawayPastThreeTimesTheTypicalCostOrCalls() {
        // docs/waste.md: 100 runs, 50 USD, 600 calls last week: typical 0.50 USD in 6 calls.
        WorkflowBaseline week = new WorkflowBaseline(100, 50 * USD, 600);
        assertThat(WasteRules.isRunaway(new RunSoFar(1_200_000_000L, 3), week)).isFalse();
        assertThat(WasteRules.isRunaway(new RunSoFar(1_500_000_000L, 18), week))
                .as("exactly three times is not past it")
                .isFalse();
        assertThat(WasteRules.isRunaway(new RunSoFar(1_500_000_001L, 4), week)).isTrue();
        assertThat(WasteRules.isRunaway(new RunSoFar(1_600_000_000L, 4), week)).isTrue();
        assertThat(WasteRules.isRunaway(new RunSoFar(10_000_000L, 19), week))
                .as("19 calls > 3 × 6")
                .isTrue();
    }

    @Test
    void noRunawayWithoutTwentyRunsOfHistory() {
        assertThat(WasteRules.isRunaway(new RunSoFar(100 * USD, 1000), new WorkflowBaseline(19, USD, 19)))
                .isFalse();
        assertThat(WasteRules.isRunaway(new RunSoFar(100 * USD, 1000), new WorkflowBaseline(20, USD, 20)))
                .isTrue();
        assertThat(WasteRules.isRunaway(new RunSoFar(100 * USD, 1000), null)).isFalse();
    }

    @Test
    void aFreeWorkflowIsJudgedByCallsOnly() {
        WorkflowBaseline free = new WorkflowBaseline(20, 0, 40);
        assertThat(WasteRules.isRunaway(new RunSoFar(5 * USD, 6), free)).isFalse();
        assertThat(WasteRules.isRunaway(new RunSoFar(0, 7), free)).isTrue();
    }

    @Test
    void theCacheMissExampleOfTheDocs() {
        // 60 % of the prompt tokens read from cache; 10,000 tokens × 0.60 × 1.50 USD / M = 0.009 USD.
        CacheBaseline search = new CacheBaseline(100, 1_000_000, 600_000);
        assertThat(WasteRules.cacheMissNanos(10_000, 0, 21_000_000L, search, GPT_41))
                .isEqualTo(9_000_000L);
    }

    @Test
    void aCacheMissNeedsALargePromptNoReadsAndAFeatureThatUsuallyHits() {
        CacheBaseline hits = new CacheBaseline(20, 1_000, 300); // exactly 30 %, exactly 20 calls
        assertThat(WasteRules.cacheMissNanos(1_024, 0, USD, hits, GPT_41))
                .isEqualTo(460_800); // 1,024 × 0.3 × 1.50 USD / M = 0.0004608 USD
        assertThat(WasteRules.cacheMissNanos(1_023, 0, USD, hits, GPT_41))
                .as("small prompt")
                .isZero();
        assertThat(WasteRules.cacheMissNanos(5_000, 1, USD, hits, GPT_41))
                .as("read from cache")
                .isZero();
        assertThat(WasteRules.cacheMissNanos(5_000, 0, USD, new CacheBaseline(20, 1_000, 299), GPT_41))
                .as("29.9 %")
                .isZero();
        assertThat(WasteRules.cacheMissNanos(5_000, 0, USD, new CacheBaseline(19, 1_000, 900), GPT_41))
                .as("19 calls")
                .isZero();
        assertThat(WasteRules.cacheMissNanos(5_000, 0, USD, hits, null))
                .as("no price")
                .isZero();
    }

    @Test
    void aCacheMissNeverCountsMoreThanTheCall() {
        CacheBaseline always = new CacheBaseline(100, 1_000, 1_000);
        assertThat(WasteRules.cacheMissNanos(1_000_000, 0, 7, always, GPT_41)).isEqualTo(7);
    }

    @Test
    void theOverkillExampleOfTheDocs() {
        // gpt-4.1: 400 calls, 4 failed (99 %), 4 USD per M tokens; mini: 600 calls, 9 failed (98.5 %),
        // 0.80 USD per M tokens.
        Map<String, ModelBaseline> summarize = Map.of(
                "gpt-4.1", new ModelBaseline(400, 4, 4 * USD, 1_000_000L),
                "gpt-4.1-mini", new ModelBaseline(600, 9, 800_000_000L, 1_000_000L));
        CheaperModel cheaper = WasteRules.cheaperThan("gpt-4.1", summarize);
        assertThat(cheaper.model()).isEqualTo("gpt-4.1-mini");
        // 0.02 USD for 5,000 tokens; on mini 5,000 × 0.80 / M = 0.004: 0.016 USD.
        assertThat(WasteRules.overkillNanos(20_000_000L, 5_000, cheaper)).isEqualTo(16_000_000L);
        assertThat(WasteRules.cheaperThan("gpt-4.1-mini", summarize))
                .as("nothing cheaper")
                .isNull();
    }

    @Test
    void overkillNeedsFiftyCallsEachAsGoodASuccessRateAndHalfThePrice() {
        ModelBaseline big = new ModelBaseline(100, 0, 2 * USD, 1_000_000); // 100 % ok
        assertThat(WasteRules.cheaperThan("big", Map.of("big", big, "small", new ModelBaseline(50, 0, USD, 1_000_000))))
                .as("exactly half the price, 50 calls")
                .isNotNull();
        assertThat(WasteRules.cheaperThan(
                        "big", Map.of("big", big, "small", new ModelBaseline(50, 0, USD + 1, 1_000_000))))
                .as("a nano-dollar over half")
                .isNull();
        assertThat(WasteRules.cheaperThan("big", Map.of("big", big, "small", new ModelBaseline(49, 0, USD, 1_000_000))))
                .as("49 calls")
                .isNull();
        assertThat(WasteRules.cheaperThan(
                        "big", Map.of("big", big, "small", new ModelBaseline(100, 1, USD, 1_000_000))))
                .as("exactly one point lower")
                .isNotNull();
        assertThat(WasteRules.cheaperThan(
                        "big", Map.of("big", big, "small", new ModelBaseline(100, 2, USD, 1_000_000))))
                .as("two points lower")
                .isNull();
        assertThat(WasteRules.cheaperThan(
                        "big",
                        Map.of(
                                "big",
                                new ModelBaseline(49, 0, 2 * USD, 1_000_000),
                                "small",
                                new ModelBaseline(50, 0, USD, 1_000_000))))
                .as("the expensive model has too few calls")
                .isNull();
    }

    @Test
    void theCheapestQualifyingModelIsUsed() {
        Map<String, ModelBaseline> feature = Map.of(
                "big", new ModelBaseline(100, 0, 10 * USD, 1_000_000),
                "mid", new ModelBaseline(100, 0, 4 * USD, 1_000_000),
                "tiny", new ModelBaseline(100, 0, USD, 1_000_000));
        assertThat(WasteRules.cheaperThan("big", feature).model()).isEqualTo("tiny");
        assertThat(WasteRules.cheaperThan("mid", feature).model()).isEqualTo("tiny");
        assertThat(WasteRules.overkillNanos(100, 1_000, WasteRules.cheaperThan("big", feature)))
                .as("1,000 tokens at 1,000 nano-USD each already cost more than the call")
                .isZero();
    }
}
