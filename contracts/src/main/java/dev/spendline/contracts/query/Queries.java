package dev.spendline.contracts.query;

/**
 * The one read interface every consumer uses: reports, Ask, actions, the gateway's quota check,
 * and (later) MCP, the dashboard and the chat app. Implementations: over the stores of one
 * partition (streams-app), a router that answers locally or forwards to the partition's owner,
 * and HTTP to a streams instance ({@code HttpQueries} in internal-api).
 */
public interface Queries {

    /**
     * The answer of {@code type} for {@code query}.
     *
     * @throws IllegalArgumentException when the arguments have problems ({@code query.problems()})
     * @throws QueryUnavailableException when no instance can answer right now (rebalancing,
     *     starting up); callers answer 503 with Retry-After
     */
    <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query);
}
