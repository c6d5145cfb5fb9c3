package dev.spendline.contracts.waste;

/** The {@code top_waste} read tool. Implementations: local stores, HTTP, a router. */
public interface WasteQueries {

    /**
     * @throws dev.spendline.contracts.query.QueryUnavailableException when no instance can answer
     *     right now
     * @throws IllegalArgumentException when the query has {@link TopWasteQuery#problems()}
     */
    TopWasteReport topWaste(TopWasteQuery query);
}
