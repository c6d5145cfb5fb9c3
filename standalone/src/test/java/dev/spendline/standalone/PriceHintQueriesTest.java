package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
    void theFixNamesTheAddPriceCommandForTheModel() {
        assertThat(commands.addPrice("gpt-9"))
                .isEqualTo("bin/spendline-local add-price --provider PROVIDER --model gpt-9 --input USD_PER_MTOK"
                        + " --output USD_PER_MTOK --data-dir ./data");
        assertThat(commands.unpricedFix(List.of("gpt-9")))
                .isEqualTo("run bin/spendline-local add-price --provider PROVIDER --model gpt-9 --input USD_PER_MTOK"
                        + " --output USD_PER_MTOK --data-dir ./data with the provider as the usage rows name it and the"
                        + " prices in US dollars per million tokens, then restart Spendline: see docs/pricing.md");
    }

    @Test
    void severalModelsGetACommandEachUpToThreeAndTheRestAreCounted() {
        String fix = commands.unpricedFix(List.of("a", "b", "c", "d", "e"));

        assertThat(fix)
                .startsWith("run " + commands.addPrice("a") + " and " + commands.addPrice("b") + " and "
                        + commands.addPrice("c") + " and the same for the 2 other models with the provider");
        assertThat(commands.unpricedFix(List.of("a", "b", "c", "d")))
                .contains(" and the same for the 1 other model with");
        // A model the shell would split is quoted; a report that could not name its models gets a placeholder.
        assertThat(commands.unpricedFix(List.of("in house 7b"))).contains(" --model 'in house 7b' ");
        assertThat(commands.unpricedFix(List.of())).contains(" --model MODEL ");
    }

    @Test
    void everySpendReportReadThroughTheStandaloneCarriesTheCommand() {
        UnpricedUsage unpriced = new UnpricedUsage(3, 42_000, 30_000, 1_500, List.of("gpt-9"));
        QueryHandlers streams = new QueryHandlers()
                .on(QueryType.SPEND_BY, q -> report(q).withUnpriced(q.usage() == UsageKind.INTERNAL ? unpriced : null));
        PriceHintQueries queries = new PriceHintQueries(streams, commands);

        SpendReport internal = queries.answer(QueryType.SPEND_BY, query(UsageKind.INTERNAL));
        assertThat(internal.unpriced())
                .isEqualTo(new UnpricedUsage(
                        3, 42_000, 30_000, 1_500, List.of("gpt-9"), commands.unpricedFix(List.of("gpt-9"))));
        assertThat(internal.unpriced().fix()).doesNotContain("spendline.pricing.price-book-file");
        // Product usage has no unpriced part: nothing to fix.
        assertThat(queries.answer(QueryType.SPEND_BY, query(UsageKind.PRODUCT)).unpriced())
                .isNull();
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

    private static SpendReport report(SpendQuery q) {
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.by().wireName(),
                q.from(),
                q.to(),
                Map.of(),
                q.limit(),
                0,
                List.of(),
                Measures.ZERO,
                Measures.ZERO);
    }
}
