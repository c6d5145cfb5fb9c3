package dev.spendline.standalone;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The standalone's reads, with the fix of unpriced usage spelled as the command that adds a price
 * here ({@link LocalCommands#unpricedFix}) instead of the deployed services' file and restart. Every
 * reader (the REST reports and so the CLI, MCP, Ask, the overview) reads through this one bean, so
 * none of them can show other advice; the streams instance itself answers unchanged.
 *
 * <p>The command names the model's provider when the usage tells it: one more read by provider for
 * each model the fix shows (at most {@value UnpricedUsage#MAX_COMMANDS}), made only when something
 * is unpriced, never in the common case.
 */
final class PriceHintQueries implements Queries {

    private final Queries reads;
    private final LocalCommands commands;

    PriceHintQueries(Queries reads, LocalCommands commands) {
        this.reads = reads;
        this.commands = commands;
    }

    @Override
    public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
        A answer = reads.answer(type, query);
        if (answer instanceof SpendReport report && report.unpriced() != null) {
            UnpricedUsage unpriced = report.unpriced();
            Map<String, String> providers = new HashMap<>();
            if (unpriced.any() && query instanceof SpendQuery spend) {
                unpriced.models().stream().limit(UnpricedUsage.MAX_COMMANDS).forEach(model -> providerOf(spend, model)
                        .ifPresent(p -> providers.put(model, p)));
            }
            return type.answerType()
                    .cast(report.withUnpriced(unpriced.withFix(commands.unpricedFix(unpriced.models(), providers))));
        }
        return answer;
    }

    /**
     * The provider of {@code model}'s usage over the report's range, when exactly one provider
     * sent it; empty when none or several did, or when the read cannot be answered (the fix then
     * keeps its placeholder rather than failing the report it belongs to).
     */
    private Optional<String> providerOf(SpendQuery report, String model) {
        SpendQuery byProvider = new SpendQuery(
                report.workspaceId(),
                UsageKind.INTERNAL,
                Dimension.INTERNAL_PROVIDER,
                report.from(),
                report.to(),
                Map.of(Dimension.INTERNAL_MODEL, model),
                2);
        List<SpendRow> rows;
        try {
            rows = reads.answer(QueryType.SPEND_BY, byProvider).rows();
        } catch (IllegalArgumentException | QueryUnavailableException e) {
            // A range whose combinations are gone, or a rebalance: the placeholder is still a right answer.
            return Optional.empty();
        }
        return rows.size() == 1
                        && rows.get(0).value() != null
                        && !rows.get(0).value().isBlank()
                ? Optional.of(rows.get(0).value())
                : Optional.empty();
    }
}
