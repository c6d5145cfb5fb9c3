package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/**
 * The standalone's fix of unpriced usage: the add-price command for each model, spelled by {@link
 * LocalCommands} with the launcher and data directory, on every report read through the
 * standalone's {@code Queries}; product reports and priced usage unchanged otherwise.
 */
class PriceHintQueriesTest {

    private static final Instant FROM = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant TO = Instant.parse("2026-11-26T19:00:00Z");

    private final LocalCommands commands = new LocalCommands("./data");

    @Test
    void theFixNamesTheAddPriceCommandForTheModelAndItsProviderWhereKnown() {
        assertThat(commands.addPrice(null, "gpt-9"))
                .isEqualTo("bin/spendline-local add-price --provider PROVIDER --model gpt-9 --input USD_PER_MTOK"
                        + " --output USD_PER_MTOK --data-dir ./data");
        assertThat(commands.unpricedFix(List.of("gpt-9"), Map.of()))
                .isEqualTo("run bin/spendline-local add-price --provider PROVIDER --model gpt-9 --input USD_PER_MTOK"
                        + " --output USD_PER_MTOK --data-dir ./data with the prices in US dollars per million tokens and"
                        + " the provider as the usage rows name it, then restart Spendline: see docs/pricing.md");
        assertThat(commands.unpricedFix(List.of("gpt-9"), Map.of("gpt-9", "openai")))
                .isEqualTo("run bin/spendline-local add-price --provider openai --model gpt-9 --input USD_PER_MTOK"
                        + " --output USD_PER_MTOK --data-dir ./data with the prices in US dollars per million tokens,"
                        + " then restart Spendline: see docs/pricing.md");
    }

    @Test
    void severalModelsGetACommandEachUpToThreeAndTheRestAreCounted() {
        String fix = commands.unpricedFix(List.of("a", "b", "c", "d", "e"), Map.of("a", "acme"));

        assertThat(fix)
                .startsWith("run " + commands.addPrice("acme", "a") + " and " + commands.addPrice(null, "b") + " and "
                        + commands.addPrice(null, "c") + " and the same for the 2 other models with the prices");
        assertThat(commands.unpricedFix(List.of("a", "b", "c", "d"), Map.of()))
                .contains(" and the same for the 1 other model with");
        // A name the shell would split is quoted; a report that could not name its models gets a placeholder.
        assertThat(commands.unpricedFix(List.of("in house 7b"), Map.of("in house 7b", "acme labs")))
                .contains(" --provider 'acme labs' --model 'in house 7b' ");
        assertThat(commands.unpricedFix(List.of(), Map.of())).contains(" --model MODEL ");
    }

    @Test
    void everySpendReportReadThroughTheStandaloneCarriesTheCommandWithTheProviderItsUsageNames() {
        UnpricedUsage unpriced = new UnpricedUsage(3, 42_000, 30_000, 1_500, List.of("gpt-9", "mixed", "gone"));
        List<SpendQuery> reads = new ArrayList<>();
        QueryHandlers streams = new QueryHandlers().on(QueryType.SPEND_BY, q -> {
            reads.add(q);
            if (q.by() == Dimension.INTERNAL_PROVIDER) {
                // gpt-9 came from one provider, "mixed" from two; "gone" cannot be read any more.
                return switch (q.filters().get(Dimension.INTERNAL_MODEL)) {
                    case "gpt-9" -> report(q, "acme");
                    case "mixed" -> report(q, "acme", "other");
                    default -> throw new IllegalArgumentException("combinations missing for this range");
                };
            }
            return report(q).withUnpriced(q.usage() == UsageKind.INTERNAL ? unpriced : null);
        });
        PriceHintQueries queries = new PriceHintQueries(streams, commands);

        SpendReport internal = queries.answer(QueryType.SPEND_BY, query(UsageKind.INTERNAL));

        assertThat(internal.unpriced())
                .isEqualTo(unpriced.withFix(commands.unpricedFix(unpriced.models(), Map.of("gpt-9", "acme"))));
        assertThat(internal.unpriced().fix())
                .contains(" --provider acme --model gpt-9 ", " --provider PROVIDER --model mixed ")
                .contains(" --provider PROVIDER --model gone ")
                .doesNotContain("spendline.pricing.price-book-file");
        // The provider reads cover the report's range, one model each.
        assertThat(reads)
                .filteredOn(q -> q.by() == Dimension.INTERNAL_PROVIDER)
                .hasSize(3)
                .allSatisfy(q -> {
                    assertThat(q.from()).isEqualTo(FROM);
                    assertThat(q.to()).isEqualTo(TO);
                });

        // Product usage has no unpriced part: nothing to fix, and no read more.
        reads.clear();
        assertThat(queries.answer(QueryType.SPEND_BY, query(UsageKind.PRODUCT)).unpriced())
                .isNull();
        assertThat(reads).hasSize(1);
    }

    @Test
    void everythingPricedCostsNoReadMore() {
        List<SpendQuery> reads = new ArrayList<>();
        QueryHandlers streams = new QueryHandlers().on(QueryType.SPEND_BY, q -> {
            reads.add(q);
            return report(q).withUnpriced(UnpricedUsage.NONE);
        });

        SpendReport report =
                new PriceHintQueries(streams, commands).answer(QueryType.SPEND_BY, query(UsageKind.INTERNAL));

        assertThat(report.unpriced().any()).isFalse();
        assertThat(reads).hasSize(1);
    }

    /** add-price writes the data directory's prices.csv: when the setting names another file, the fix names the setting. */
    @Test
    void theStandaloneReadsThroughTheHintUnlessTheSettingNamesAnotherPriceFile() {
        QueryHandlers streams = new QueryHandlers();
        assertThat(readsThrough(streams, null)).isInstanceOf(PriceHintQueries.class);
        // The standalone's own default: the data directory's file.
        assertThat(readsThrough(streams, "/srv/spendline/data/prices.csv")).isInstanceOf(PriceHintQueries.class);
        assertThat(readsThrough(streams, "/etc/spendline/prices.csv")).isSameAs(streams);
    }

    /** What the standalone in /srv/spendline/data reads through with {@code priceBookFile} set (null: not set). */
    private Queries readsThrough(Queries streams, String priceBookFile) {
        MockEnvironment environment = new MockEnvironment().withProperty(Standalone.DATA_DIR, "/srv/spendline/data");
        if (priceBookFile != null) {
            environment.setProperty(AddPrice.PRICE_BOOK_FILE_PROPERTY, priceBookFile);
        }
        return StandaloneApplication.readsThrough(streams, commands, environment);
    }

    private static SpendQuery query(UsageKind usage) {
        return new SpendQuery(
                "ws_1",
                usage,
                usage == UsageKind.INTERNAL ? Dimension.INTERNAL_MODEL : Dimension.MODEL,
                FROM,
                TO,
                Map.of(),
                10);
    }

    private static SpendReport report(SpendQuery q, String... values) {
        List<SpendRow> rows = java.util.Arrays.stream(values)
                .map(value -> new SpendRow(value, Measures.ZERO))
                .toList();
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.by().wireName(),
                q.from(),
                q.to(),
                Map.of(),
                q.limit(),
                rows.size(),
                rows,
                Measures.ZERO,
                Measures.ZERO);
    }
}
