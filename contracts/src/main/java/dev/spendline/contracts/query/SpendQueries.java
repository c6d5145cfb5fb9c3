package dev.spendline.contracts.query;

/**
 * The one read interface every consumer uses (reports, Ask, MCP, CLI, dashboard). Implementations:
 * over the local state stores, over HTTP to the instance that owns the workspace, and a router
 * that picks between them.
 */
public interface SpendQueries {

    /**
     * @throws QueryUnavailableException when no instance can answer right now (rebalancing,
     *     starting up); callers answer 503 with Retry-After
     */
    SpendReport spendBy(SpendQuery query);
}
