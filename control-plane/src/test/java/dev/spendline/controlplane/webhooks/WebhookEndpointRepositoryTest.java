package dev.spendline.controlplane.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The webhook tables (V9) on H2 and PostgreSQL. */
class WebhookEndpointRepositoryTest extends DatabaseTest {

    WebhookEndpointRepository webhooks;
    Workspace acme;
    Workspace other;

    @BeforeEach
    void repositories() {
        webhooks = new WebhookEndpointRepository(jdbc);
        acme = workspaces.create("Acme", Plan.TEAM);
        other = workspaces.create("Other", Plan.FREE);
    }

    @Test
    void anEndpointIsReadAsWrittenAndOnlyByItsWorkspace() {
        WebhookEndpoint endpoint = endpoint(acme, "https://hooks.example.com/a");
        webhooks.insert(endpoint);

        assertThat(webhooks.findInWorkspace(acme.id(), endpoint.id())).contains(endpoint);
        assertThat(webhooks.listForWorkspace(acme.id())).containsExactly(endpoint);
        assertThat(webhooks.findInWorkspace(other.id(), endpoint.id())).isEmpty();
        assertThat(webhooks.listForWorkspace(other.id())).isEmpty();
        assertThat(webhooks.countForWorkspace(acme.id())).isEqualTo(1);

        assertThat(webhooks.deleteInWorkspace(other.id(), endpoint.id())).isFalse();
        assertThat(webhooks.rotateSecret(other.id(), endpoint.id(), "v1:k:x", now()))
                .isFalse();
        assertThat(webhooks.enableInWorkspace(other.id(), endpoint.id())).isFalse();
        assertThat(webhooks.findInWorkspace(acme.id(), endpoint.id())).contains(endpoint);
        assertThat(webhooks.deleteInWorkspace(acme.id(), endpoint.id())).isTrue();
        assertThat(webhooks.findInWorkspace(acme.id(), endpoint.id())).isEmpty();
    }

    @Test
    void rotationKeepsThePreviousSecretUntilItExpires() {
        WebhookEndpoint endpoint = endpoint(acme, "https://hooks.example.com/a");
        webhooks.insert(endpoint);
        Instant expires = now().plus(Duration.ofHours(24));

        assertThat(webhooks.rotateSecret(acme.id(), endpoint.id(), "v1:k:second", expires))
                .isTrue();

        WebhookEndpoint rotated =
                webhooks.findInWorkspace(acme.id(), endpoint.id()).orElseThrow();
        assertThat(rotated.secretCiphertext()).isEqualTo("v1:k:second");
        assertThat(rotated.previousSecretAt(now())).contains("v1:k:first");
        assertThat(rotated.previousSecretAt(expires)).isEmpty();
    }

    @Test
    void disablingRecordsTheReasonAndEnablingClearsIt() {
        WebhookEndpoint endpoint = endpoint(acme, "https://hooks.example.com/a");
        webhooks.insert(endpoint);
        webhooks.markFailing(endpoint.id(), now());
        webhooks.markFailing(endpoint.id(), now().plusSeconds(60));
        assertThat(webhooks.findInWorkspace(acme.id(), endpoint.id())
                        .orElseThrow()
                        .failingSince())
                .isEqualTo(now());

        assertThat(webhooks.disable(endpoint.id(), now(), "failed for 24 hours"))
                .isTrue();
        assertThat(webhooks.disable(endpoint.id(), now(), "again")).isFalse();
        WebhookEndpoint disabled =
                webhooks.findInWorkspace(acme.id(), endpoint.id()).orElseThrow();
        assertThat(disabled.enabled()).isFalse();
        assertThat(disabled.disabledReason()).isEqualTo("failed for 24 hours");
        assertThat(disabled.disabledAt()).isEqualTo(now());

        assertThat(webhooks.enableInWorkspace(acme.id(), endpoint.id())).isTrue();
        WebhookEndpoint enabled =
                webhooks.findInWorkspace(acme.id(), endpoint.id()).orElseThrow();
        assertThat(enabled.enabled()).isTrue();
        assertThat(enabled.disabledReason()).isNull();
        assertThat(enabled.failingSince()).isNull();
    }

    @Test
    void theLogKeepsTheLatestHundredAttemptsNewestFirst() {
        WebhookEndpoint endpoint = endpoint(acme, "https://hooks.example.com/a");
        webhooks.insert(endpoint);
        for (int i = 1; i <= 105; i++) {
            webhooks.recordAttempt(new WebhookAttempt(
                    endpoint.id(),
                    "msg_" + i,
                    "alert.opened",
                    now().plusSeconds(i),
                    i,
                    i % 2 == 0 ? 500 : null,
                    "retrying",
                    i,
                    i % 2 == 0 ? null : "timed out"));
        }

        var log = webhooks.recentAttempts(acme.id(), endpoint.id());
        assertThat(log).hasSize(100);
        assertThat(log.get(0).webhookId()).isEqualTo("msg_105");
        assertThat(log.get(0).status()).isNull();
        assertThat(log.get(1).status()).isEqualTo(500);
        assertThat(log.get(log.size() - 1).webhookId()).isEqualTo("msg_6");
        assertThat(jdbc.sql("select count(*) from webhook_attempts")
                        .query(Integer.class)
                        .single())
                .isEqualTo(100);
        assertThat(webhooks.recentAttempts(other.id(), endpoint.id())).isEmpty();
    }

    private Instant now() {
        return Timestamps.now(clock);
    }

    private WebhookEndpoint endpoint(Workspace workspace, String url) {
        return new WebhookEndpoint(
                WebhookEndpointRepository.newId(),
                workspace.id(),
                url,
                Set.of("BUDGET_THRESHOLD"),
                Set.of("WARNING", "CRITICAL"),
                "v1:k:first",
                null,
                null,
                now(),
                true,
                null,
                null,
                null);
    }
}
