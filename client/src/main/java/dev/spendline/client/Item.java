package dev.spendline.client;

/**
 * What {@link SpendlineClient#send} accepts: a {@link ProductEvent} (to {@code /api/v1/events}) or an
 * {@link InternalUsageRow} (to {@code /api/v1/internal-usage}). The two kinds always travel in
 * separate batches.
 */
public sealed interface Item permits ProductEvent, InternalUsageRow {

    /**
     * The item's stable id at its source, or null. With it, a resend (after a lost answer, a retry, a
     * restart) is counted once by Spendline; without it every copy counts.
     */
    String externalId();
}
