package dev.spendline.query.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.oauth.FirstPartyClients;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.oauth2.server.authorization.client.JdbcRegisteredClientRepository;

/**
 * Instances of query-api that start together all register the collector's client: each start must
 * succeed and leave one client (ClusterIT once lost an instance to this race).
 */
class CollectorClientTest {

    private static final int INSTANCES = 4;
    private static final int STARTS = 25;

    private HikariDataSource dataSource;
    private JdbcTemplate jdbc;
    private JdbcRegisteredClientRepository clients;
    private final OAuthProperties properties = new OAuthProperties(
            20,
            Duration.ofHours(24),
            Duration.ofHours(1),
            Duration.ofDays(30),
            Duration.ofSeconds(30),
            Duration.ofMinutes(10));

    @BeforeEach
    void database() {
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(
                "jdbc:h2:mem:collector_" + UUID.randomUUID().toString().replace("-", ""));
        dataSource.setUsername("sa");
        dataSource.setMaximumPoolSize(INSTANCES);
        ControlPlaneMigrations.migrate(dataSource);
        jdbc = new JdbcTemplate(dataSource);
        clients = new JdbcRegisteredClientRepository(jdbc);
    }

    @AfterEach
    void close() {
        dataSource.close();
    }

    @Test
    void instancesStartingAtOnceEachRegisterTheCollectorAndLeaveOneClient() throws Exception {
        ExecutorService instances = Executors.newFixedThreadPool(INSTANCES);
        try {
            for (int start = 0; start < STARTS; start++) {
                jdbc.update("DELETE FROM oauth2_registered_client WHERE id = ?", FirstPartyClients.COLLECTOR_CLIENT_ID);
                CyclicBarrier together = new CyclicBarrier(INSTANCES);
                List<Future<?>> registrations = new ArrayList<>();
                for (int i = 0; i < INSTANCES; i++) {
                    registrations.add(instances.submit(() -> {
                        together.await();
                        CollectorClient.register(clients, properties, Clock.systemUTC());
                        return null;
                    }));
                }
                for (Future<?> registration : registrations) {
                    registration.get(); // rethrows an instance's failure to start
                }
                assertThat(jdbc.queryForObject(
                                "SELECT count(*) FROM oauth2_registered_client WHERE client_id = ?",
                                Integer.class,
                                FirstPartyClients.COLLECTOR_CLIENT_ID))
                        .isEqualTo(1);
            }
        } finally {
            instances.shutdownNow();
        }
        assertThat(clients.findByClientId(FirstPartyClients.COLLECTOR_CLIENT_ID).getScopes())
                .containsExactly(FirstPartyClients.USAGE_WRITE_SCOPE);
    }
}
