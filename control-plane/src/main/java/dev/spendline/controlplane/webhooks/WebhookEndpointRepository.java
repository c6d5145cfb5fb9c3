package dev.spendline.controlplane.webhooks;

import dev.spendline.controlplane.support.RandomIds;
import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Webhook endpoints and their delivery log in the control-plane database (V9). Every read or change a
 * caller asks for names the workspace, so an id of another workspace is simply not found.
 */
public class WebhookEndpointRepository {

    /** How many attempts the delivery log keeps per endpoint. */
    public static final int LOG_SIZE = 100;

    /** At most this many endpoints per workspace: each alert change is one request to each of them. */
    public static final int MAX_PER_WORKSPACE = 20;

    private static final String COLUMNS = "id, workspace_id, url, alert_types, severities, secret_ciphertext,"
            + " previous_secret_ciphertext, previous_secret_expires_at, created_at, enabled, disabled_at,"
            + " disabled_reason, failing_since";

    private final JdbcClient jdbc;

    public WebhookEndpointRepository(JdbcClient jdbc) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
    }

    /** A new endpoint id ({@code whe_…}); known before the secret is encrypted, which binds to it. */
    public static String newId() {
        return RandomIds.next("whe_");
    }

    public void insert(WebhookEndpoint endpoint) {
        jdbc.sql("insert into webhook_endpoints (" + COLUMNS + ") values (:id, :workspaceId, :url, :types,"
                        + " :severities, :secret, :previous, :previousExpires, :createdAt, :enabled, :disabledAt,"
                        + " :disabledReason, :failingSince)")
                .param("id", endpoint.id())
                .param("workspaceId", endpoint.workspaceId())
                .param("url", endpoint.url())
                .param("types", join(endpoint.alertTypes()))
                .param("severities", join(endpoint.severities()))
                .param("secret", endpoint.secretCiphertext())
                .param("previous", endpoint.previousSecretCiphertext())
                .param("previousExpires", Timestamps.toDb(endpoint.previousSecretExpiresAt()))
                .param("createdAt", Timestamps.toDb(endpoint.createdAt()))
                .param("enabled", endpoint.enabled())
                .param("disabledAt", Timestamps.toDb(endpoint.disabledAt()))
                .param("disabledReason", endpoint.disabledReason())
                .param("failingSince", Timestamps.toDb(endpoint.failingSince()))
                .update();
    }

    public int countForWorkspace(String workspaceId) {
        return jdbc.sql("select count(*) from webhook_endpoints where workspace_id = :ws")
                .param("ws", workspaceId)
                .query(Integer.class)
                .single();
    }

    /** The workspace's endpoints, oldest first. */
    public List<WebhookEndpoint> listForWorkspace(String workspaceId) {
        return jdbc.sql("select " + COLUMNS
                        + " from webhook_endpoints where workspace_id = :ws order by created_at, id")
                .param("ws", workspaceId)
                .query(WebhookEndpointRepository::endpoint)
                .list();
    }

    public Optional<WebhookEndpoint> findInWorkspace(String workspaceId, String id) {
        return jdbc.sql("select " + COLUMNS + " from webhook_endpoints where workspace_id = :ws and id = :id")
                .param("ws", workspaceId)
                .param("id", id)
                .query(WebhookEndpointRepository::endpoint)
                .optional();
    }

    /** The endpoint, whichever workspace it belongs to: for the delivery worker only, never for a caller. */
    public Optional<WebhookEndpoint> findForDelivery(String id) {
        return jdbc.sql("select " + COLUMNS + " from webhook_endpoints where id = :id")
                .param("id", id)
                .query(WebhookEndpointRepository::endpoint)
                .optional();
    }

    /** Deletes the endpoint and its log; false when the workspace has no such endpoint. */
    public boolean deleteInWorkspace(String workspaceId, String id) {
        return jdbc.sql("delete from webhook_endpoints where workspace_id = :ws and id = :id")
                        .param("ws", workspaceId)
                        .param("id", id)
                        .update()
                == 1;
    }

    /**
     * Replaces the secret; the one it replaces keeps signing until {@code previousExpiresAt}. False when
     * the workspace has no such endpoint.
     */
    public boolean rotateSecret(String workspaceId, String id, String newCiphertext, Instant previousExpiresAt) {
        return jdbc.sql("update webhook_endpoints set previous_secret_ciphertext = secret_ciphertext,"
                                + " previous_secret_expires_at = :expires, secret_ciphertext = :secret"
                                + " where workspace_id = :ws and id = :id")
                        .param("expires", Timestamps.toDb(previousExpiresAt))
                        .param("secret", newCiphertext)
                        .param("ws", workspaceId)
                        .param("id", id)
                        .update()
                == 1;
    }

    /** Stops deliveries to the endpoint, with the reason shown wherever the endpoint is listed. */
    public boolean disable(String id, Instant at, String reason) {
        return jdbc.sql("update webhook_endpoints set enabled = false, disabled_at = :at, disabled_reason = :reason,"
                                + " failing_since = null where id = :id and enabled = true")
                        .param("at", Timestamps.toDb(at))
                        .param("reason", reason.length() > 500 ? reason.substring(0, 500) : reason)
                        .param("id", id)
                        .update()
                == 1;
    }

    /** Delivers to a disabled endpoint again (its notice goes away); false when there is no such endpoint. */
    public boolean enableInWorkspace(String workspaceId, String id) {
        return jdbc.sql("update webhook_endpoints set enabled = true, disabled_at = null, disabled_reason = null,"
                                + " failing_since = null where workspace_id = :ws and id = :id")
                        .param("ws", workspaceId)
                        .param("id", id)
                        .update()
                == 1;
    }

    /** Remembers when the current run of failures began (kept if it already began). */
    public void markFailing(String id, Instant since) {
        jdbc.sql("update webhook_endpoints set failing_since = :since where id = :id and failing_since is null")
                .param("since", Timestamps.toDb(since))
                .param("id", id)
                .update();
    }

    public void clearFailing(String id) {
        jdbc.sql("update webhook_endpoints set failing_since = null where id = :id and failing_since is not null")
                .param("id", id)
                .update();
    }

    /** Adds an attempt to the endpoint's log and forgets all but the latest {@link #LOG_SIZE}. */
    public void recordAttempt(WebhookAttempt attempt) {
        jdbc.sql("insert into webhook_attempts (endpoint_id, webhook_id, event_type, attempted_at, attempt, status,"
                        + " outcome, latency_ms, detail) values (:endpoint, :webhookId, :type, :at, :attempt, :status,"
                        + " :outcome, :latency, :detail)")
                .param("endpoint", attempt.endpointId())
                .param("webhookId", attempt.webhookId())
                .param("type", attempt.eventType())
                .param("at", Timestamps.toDb(attempt.attemptedAt()))
                .param("attempt", attempt.attempt())
                .param("status", attempt.status())
                .param("outcome", attempt.outcome())
                .param("latency", attempt.latencyMs())
                .param(
                        "detail",
                        attempt.detail() == null || attempt.detail().length() <= 500
                                ? attempt.detail()
                                : attempt.detail().substring(0, 500))
                .update();
        // The oldest id still kept; everything before it goes. Cheap: the index is (endpoint_id, id).
        List<Long> kept = jdbc.sql("select id from webhook_attempts where endpoint_id = :endpoint order by id desc"
                        + " offset " + (LOG_SIZE - 1) + " rows fetch next 1 rows only")
                .param("endpoint", attempt.endpointId())
                .query(Long.class)
                .list();
        if (!kept.isEmpty()) {
            jdbc.sql("delete from webhook_attempts where endpoint_id = :endpoint and id < :oldest")
                    .param("endpoint", attempt.endpointId())
                    .param("oldest", kept.get(0))
                    .update();
        }
    }

    /** The endpoint's latest attempts, newest first; empty for an endpoint of another workspace. */
    public List<WebhookAttempt> recentAttempts(String workspaceId, String endpointId) {
        return jdbc.sql("select a.endpoint_id, a.webhook_id, a.event_type, a.attempted_at, a.attempt, a.status,"
                        + " a.outcome, a.latency_ms, a.detail from webhook_attempts a join webhook_endpoints e"
                        + " on e.id = a.endpoint_id where e.workspace_id = :ws and a.endpoint_id = :endpoint"
                        + " order by a.id desc fetch first " + LOG_SIZE + " rows only")
                .param("ws", workspaceId)
                .param("endpoint", endpointId)
                .query((rs, row) -> new WebhookAttempt(
                        rs.getString("endpoint_id"),
                        rs.getString("webhook_id"),
                        rs.getString("event_type"),
                        Timestamps.fromDb(rs, "attempted_at"),
                        rs.getInt("attempt"),
                        (Integer) rs.getObject("status", Integer.class),
                        rs.getString("outcome"),
                        rs.getLong("latency_ms"),
                        rs.getString("detail")))
                .list();
    }

    private static String join(Set<String> names) {
        return String.join(",", new TreeSet<>(names));
    }

    private static Set<String> split(String joined) {
        return joined == null || joined.isEmpty()
                ? Set.of()
                : Arrays.stream(joined.split(",")).collect(Collectors.toUnmodifiableSet());
    }

    private static WebhookEndpoint endpoint(ResultSet rs, int row) throws SQLException {
        return new WebhookEndpoint(
                rs.getString("id"),
                rs.getString("workspace_id"),
                rs.getString("url"),
                split(rs.getString("alert_types")),
                split(rs.getString("severities")),
                rs.getString("secret_ciphertext"),
                rs.getString("previous_secret_ciphertext"),
                Timestamps.fromDb(rs, "previous_secret_expires_at"),
                Timestamps.fromDb(rs, "created_at"),
                rs.getBoolean("enabled"),
                Timestamps.fromDb(rs, "disabled_at"),
                rs.getString("disabled_reason"),
                Timestamps.fromDb(rs, "failing_since"));
    }
}
