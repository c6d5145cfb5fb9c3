package dev.spendline.gateway.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.gateway.GatewayApplication;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * When no broker acknowledges in time the gateway says 503 with Retry-After, never a 2xx. The
 * gateway starts against a real broker (it creates its topics at start-up), which then goes away.
 */
@SpringBootTest(
        classes = GatewayApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spendline.ingest.produce-timeout=2s", "spendline.quota.enabled=false"})
class KafkaUnavailableIT {

    @LocalServerPort
    int port;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    ApiKeyRepository keys;

    static final EmbeddedKafka KAFKA = startKafka();

    private static EmbeddedKafka startKafka() {
        try {
            return EmbeddedKafka.start(Files.createTempDirectory("gateway-down-kafka"), 0, Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("spendline.kafka.bootstrap-servers", KAFKA::bootstrapServers);
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:gw-down-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stopKafka() {
        KAFKA.close();
    }

    @Test
    void answers503WithRetryAfterWhenKafkaCannotAcknowledge() {
        IssuedApiKey key = keys.issue(workspaces.create("down", Plan.FREE).id(), "test");
        KAFKA.close();
        long started = System.nanoTime();
        WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(30))
                .build()
                .post()
                .uri("/api/v1/events")
                .header("Authorization", "Bearer " + key.secret())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(IngestEndpointsIT.event("x"))
                .exchange()
                .expectStatus()
                .isEqualTo(503)
                .expectHeader()
                .valueEquals("Retry-After", "5")
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("unavailable");
        // The configured produce timeout bounds how long a sender waits.
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(8));
    }
}
