package dev.spendline.query.settings.web;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyMap;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;

import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.query.dashboard.Formats;
import dev.spendline.query.revenue.RevenueConfiguration;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.query.signin.WorkspaceAuthentication;
import dev.spendline.query.webhooks.WebhookConfiguration;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;

/**
 * The settings pages with the real control-plane repositories on a private H2 database, and Kafka
 * and the topology replaced by {@link KafkaRevenue}: revenue rows written through the real
 * {@code RevenueWriter} land in a map, and the margin report that lists them reads that map.
 */
@SpringBootConfiguration
@EnableWebSecurity
@Import({
    ControlPlaneConfiguration.class,
    RevenueConfiguration.class,
    WebhookConfiguration.class,
    SettingsPagesConfiguration.class,
    Formats.class
})
class SettingsPagesTestApplication {

    static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");

    @Bean
    Clock clock() {
        return Clock.fixed(NOW, ZoneOffset.UTC);
    }

    /**
     * One connection kept open for the context's life: H2 refuses check constraints created by a
     * session that has since closed, which a fresh connection per statement would do.
     */
    @Bean(destroyMethod = "destroy")
    SingleConnectionDataSource dataSource() {
        return new SingleConnectionDataSource("jdbc:h2:mem:settings_" + UUID.randomUUID(), "sa", "", true);
    }

    @Bean
    KafkaRevenue kafkaRevenue() {
        return new KafkaRevenue();
    }

    @Bean
    SettingsWriter settingsWriter(KafkaRevenue revenue) {
        return revenue.writer;
    }

    /** A signed-in user of {@code workspace} with {@code role}. */
    static WorkspaceAuthentication viewer(Workspace workspace, Role role) {
        String userId = "usr_" + role.name().toLowerCase(java.util.Locale.ROOT);
        return new WorkspaceAuthentication(
                new Principal(workspace.id(), Credential.sessionUser(userId), workspace.plan()),
                workspace.name(),
                userId,
                userId + "@example.com",
                role,
                List.of(new WorkspaceAuthentication.WorkspaceChoice(workspace.id(), workspace.name())));
    }

    /** The revenue topic as the topology sees it (latest row per key), and the margin report over it. */
    static final class KafkaRevenue implements Queries {

        final Map<String, RevenueRow> topic = new ConcurrentSkipListMap<>();
        final SettingsWriter writer = mock(SettingsWriter.class);
        /** Dead letters per workspace, as the topology's count would answer. */
        final Map<String, DeadLetterCount> deadLetters = new ConcurrentSkipListMap<>();

        @SuppressWarnings("unchecked")
        KafkaRevenue() {
            doAnswer(call -> {
                        record(call.getArgument(2), call.getArgument(3));
                        return null;
                    })
                    .when(writer)
                    .put(eq(Topics.REVENUE), anyString(), anyString(), any());
            doAnswer(call -> {
                        ((Map<String, RevenueRow>) call.getArgument(2)).forEach(this::record);
                        return null;
                    })
                    .when(writer)
                    .putAll(eq(Topics.REVENUE), anyString(), anyMap());
        }

        private void record(String key, RevenueRow row) {
            if (row == null) {
                topic.remove(key);
            } else {
                topic.put(key, row);
            }
        }

        /** The rows stored for a workspace, as {@code tenant month amount}. */
        List<String> rows(String workspaceId) {
            return topic.values().stream()
                    .filter(r -> r.workspaceId().equals(workspaceId))
                    .map(r ->
                            r.tenantId() + " " + r.month() + " " + r.amountUsd().toPlainString())
                    .toList();
        }

        /** The one-month customer margin report (revenue, no cost) and the dead-letter count, as the settings pages ask. */
        @Override
        @SuppressWarnings("unchecked")
        public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
            if (type == QueryType.DEAD_LETTERS) {
                return (A) deadLetters.getOrDefault(query.workspaceId(), DeadLetterCount.none(query.workspaceId()));
            }
            if (type != QueryType.MARGIN_BY_CUSTOMER) {
                throw new UnsupportedOperationException(type.name());
            }
            MarginQuery margin = (MarginQuery) query;
            List<CustomerMargin> customers = topic.values().stream()
                    .filter(r -> r.workspaceId().equals(margin.workspaceId())
                            && YearMonth.parse(r.month()).equals(margin.from()))
                    .map(r -> new CustomerMargin(
                            r.tenantId(),
                            r.amountUsd(),
                            BigDecimal.ZERO,
                            r.amountUsd(),
                            null,
                            0,
                            List.of(CustomerMargin.NO_USAGE)))
                    .toList();
            return (A) new CustomerMarginReport(
                    margin.workspaceId(),
                    margin.from().toString(),
                    margin.to().toString(),
                    margin.limit(),
                    customers.size(),
                    0,
                    0,
                    customers,
                    new MarginTotals(BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, null),
                    BigDecimal.ZERO);
        }
    }
}
