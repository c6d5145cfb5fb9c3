package dev.spendline.query.revenue;

import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores revenue rows for the principal's workspace, whoever enters them (the API, the settings
 * page, a CSV upload): each one replaces what was there for its tenant and month, so sending the
 * same rows again changes nothing. Returns once Kafka acknowledged; margins show the change as soon
 * as the topology has read it.
 */
public final class RevenueWriter {

    private final SettingsWriter writer;
    private final Clock clock;

    RevenueWriter(SettingsWriter writer, Clock clock) {
        this.writer = writer;
        this.clock = clock;
    }

    /**
     * @throws dev.spendline.query.settings.SettingsUnavailableException when Kafka did not acknowledge
     */
    public RevenueEntry put(Principal principal, RevenueLine line) {
        Instant now = clock.instant();
        writer.put(
                Topics.REVENUE,
                principal.workspaceId(),
                key(principal, line.tenantId(), line.month()),
                row(principal, line, now));
        return new RevenueEntry(line.tenantId(), line.month().toString(), line.amountUsd(), now);
    }

    /**
     * Stores every line, all sent before any acknowledgement is awaited. Check every line first: a
     * Kafka failure part way can leave some stored, which sending the same lines again repairs.
     *
     * @throws dev.spendline.query.settings.SettingsUnavailableException when Kafka did not acknowledge
     */
    public void putAll(Principal principal, List<RevenueLine> lines) {
        Instant now = clock.instant();
        Map<String, RevenueRow> rows = new LinkedHashMap<>();
        for (RevenueLine line : lines) {
            rows.put(key(principal, line.tenantId(), line.month()), row(principal, line, now));
        }
        writer.putAll(Topics.REVENUE, principal.workspaceId(), rows);
    }

    /** Removes a tenant's month. Idempotent: removing what is not there is not an error. */
    public void delete(Principal principal, String tenantId, YearMonth month) {
        writer.put(Topics.REVENUE, principal.workspaceId(), key(principal, tenantId, month), null);
    }

    private static String key(Principal principal, String tenantId, YearMonth month) {
        return RevenueRow.key(principal.workspaceId(), tenantId, month);
    }

    private static RevenueRow row(Principal principal, RevenueLine line, Instant now) {
        return RevenueRow.of(
                principal.workspaceId(),
                line.tenantId(),
                line.month(),
                line.amountUsd(),
                now,
                principal.credential().id());
    }
}
