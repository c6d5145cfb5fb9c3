package dev.spendline.gateway.quota;

import dev.spendline.controlplane.workspaces.Plan;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The event quota ({@code spendline.quota.*}): accepted product events per workspace and calendar
 * month (UTC), per plan.
 *
 * @param refreshEvery how often the gateway re-reads a workspace's count from the stream processor;
 *     between reads it adds what it accepted itself
 * @param checkTimeout how long a quota check may wait for the stream processor
 */
@ConfigurationProperties("spendline.quota")
public record QuotaProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("100000") long freeEventsPerMonth,
        @DefaultValue("10000000") long teamEventsPerMonth,
        @DefaultValue("5s") Duration refreshEvery,
        @DefaultValue("2s") Duration checkTimeout) {

    public QuotaProperties {
        if (freeEventsPerMonth < 1 || teamEventsPerMonth < 1) {
            throw new IllegalArgumentException("spendline.quota.*-events-per-month must be at least 1");
        }
    }

    public long limitFor(Plan plan) {
        return plan == Plan.TEAM ? teamEventsPerMonth : freeEventsPerMonth;
    }
}
