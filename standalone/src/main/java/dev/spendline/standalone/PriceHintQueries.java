package dev.spendline.standalone;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.WorkspaceQuery;

/**
 * The standalone's reads, with the fix of unpriced usage spelled as the command that adds a price
 * here ({@link LocalCommands#unpricedFix}) instead of the deployed services' file and restart. Every
 * reader (the REST reports and so the CLI, MCP, Ask, the overview) reads through this one bean, so
 * none of them can show other advice; the streams instance itself answers unchanged.
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
            return type.answerType()
                    .cast(report.withUnpriced(report.unpriced()
                            .withFix(commands.unpricedFix(report.unpriced().models()))));
        }
        return answer;
    }
}
