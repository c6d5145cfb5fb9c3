package dev.spendline.contracts.quota;

/**
 * What the gateway asks the stream processor to enforce the event quota. Implementations: local
 * stores, HTTP, a router (like {@link dev.spendline.contracts.query.SpendQueries}).
 */
public interface QuotaQueries {

    /**
     * @throws dev.spendline.contracts.query.QueryUnavailableException when no instance can answer
     *     right now
     */
    QuotaUsage quotaUsage(QuotaUsageQuery query);

    /** As {@link #quotaUsage}. */
    AcceptedPairs acceptedPairs(AcceptedPairsQuery query);
}
