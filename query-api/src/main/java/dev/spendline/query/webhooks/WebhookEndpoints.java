package dev.spendline.query.webhooks;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.webhooks.WebhookAttempt;
import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the API and the settings page do with a workspace's endpoints. Every call names the workspace of
 * the caller's credential; an id of another workspace is answered like an id that does not exist.
 */
public final class WebhookEndpoints {

    /** How long the previous secret keeps signing after a rotation. */
    public static final Duration ROTATION_OVERLAP = Duration.ofHours(24);

    private final WebhookEndpointRepository repository;
    private final WebhookSecretCipher cipher;
    private final WebhookRequestReader reader;
    private final WebhookSender sender;
    private final Supplier<String> dashboardUrl;
    private final Clock clock;

    WebhookEndpoints(
            WebhookEndpointRepository repository,
            WebhookSecretCipher cipher,
            WebhookRequestReader reader,
            WebhookSender sender,
            Supplier<String> dashboardUrl,
            Clock clock) {
        this.repository = repository;
        this.cipher = cipher;
        this.reader = reader;
        this.sender = sender;
        this.dashboardUrl = dashboardUrl;
        this.clock = clock;
    }

    WebhookView.WithSecret create(String workspaceId, byte[] body) {
        return create(workspaceId, reader.read(body));
    }

    /** The settings form's create. */
    public WebhookView.WithSecret create(String workspaceId, String url, List<String> types, List<String> severities) {
        return create(workspaceId, reader.read(url, types, severities));
    }

    private WebhookView.WithSecret create(String workspaceId, WebhookDraft draft) {
        if (repository.countForWorkspace(workspaceId) >= WebhookEndpointRepository.MAX_PER_WORKSPACE) {
            throw new ProblemException(
                    409,
                    "too_many_webhooks",
                    "Too many webhooks",
                    "A workspace has at most " + WebhookEndpointRepository.MAX_PER_WORKSPACE
                            + " webhook endpoints; delete one first");
        }
        String id = WebhookEndpointRepository.newId();
        String secret = WebhookSignature.newSecret();
        WebhookEndpoint endpoint = new WebhookEndpoint(
                id,
                workspaceId,
                draft.url(),
                draft.alertTypes(),
                draft.severities(),
                cipher.encrypt(secret, id),
                null,
                null,
                Timestamps.now(clock),
                true,
                null,
                null,
                null);
        repository.insert(endpoint);
        return new WebhookView.WithSecret(secret, WebhookView.of(endpoint, clock.instant()));
    }

    public List<WebhookView> list(String workspaceId) {
        Instant now = clock.instant();
        return repository.listForWorkspace(workspaceId).stream()
                .map(e -> WebhookView.of(e, now))
                .toList();
    }

    public WebhookView get(String workspaceId, String id) {
        return WebhookView.of(find(workspaceId, id), clock.instant());
    }

    public void delete(String workspaceId, String id) {
        if (!repository.deleteInWorkspace(workspaceId, id)) {
            throw unknown(id);
        }
    }

    /** A new secret, shown once; the previous one keeps signing for {@link #ROTATION_OVERLAP}. */
    public WebhookView.WithSecret rotate(String workspaceId, String id) {
        find(workspaceId, id);
        String secret = WebhookSignature.newSecret();
        Instant until = Timestamps.now(clock).plus(ROTATION_OVERLAP);
        if (!repository.rotateSecret(workspaceId, id, cipher.encrypt(secret, id), until)) {
            throw unknown(id);
        }
        return new WebhookView.WithSecret(secret, get(workspaceId, id));
    }

    /** Delivers to a disabled endpoint again; changes made while it was disabled are not sent. */
    public WebhookView enable(String workspaceId, String id) {
        if (!repository.enableInWorkspace(workspaceId, id)) {
            throw unknown(id);
        }
        return get(workspaceId, id);
    }

    /** The delivery log, newest first. */
    public List<WebhookAttempt> attempts(String workspaceId, String id) {
        find(workspaceId, id);
        return repository.recentAttempts(workspaceId, id);
    }

    /**
     * Sends a {@code webhook.test} event now, once (no retries), and answers what the receiver did; the
     * attempt is in the delivery log too. Works on a disabled endpoint as well, to check a fix.
     */
    public TestResult sendTest(String workspaceId, String id) {
        WebhookEndpoint endpoint = find(workspaceId, id);
        Instant at = clock.instant();
        WebhookMessage message = WebhookPayloads.test(endpoint.id(), workspaceId, at, dashboardUrl.get());
        AttemptResult result = sender.send(endpoint, message).join();
        boolean delivered = result.verdict() == AttemptResult.Verdict.DELIVERED;
        if (delivered) {
            repository.clearFailing(endpoint.id());
        }
        repository.recordAttempt(new WebhookAttempt(
                endpoint.id(),
                message.webhookId(),
                message.eventType(),
                at,
                1,
                result.status(),
                delivered ? "delivered" : "failed",
                result.latency().toMillis(),
                result.detail()));
        return new TestResult(
                message.webhookId(),
                delivered,
                result.status(),
                result.latency().toMillis(),
                result.detail());
    }

    /** What a test event came to. */
    public record TestResult(String webhookId, boolean delivered, Integer status, long latencyMs, String detail) {}

    private WebhookEndpoint find(String workspaceId, String id) {
        return repository.findInWorkspace(workspaceId, id).orElseThrow(() -> unknown(id));
    }

    /** 404 {@code unknown_webhook}, also for an endpoint of another workspace. */
    static ProblemException unknown(String id) {
        return new ProblemException(
                404, "unknown_webhook", "Unknown webhook", "No webhook endpoint " + id + " in this workspace");
    }
}
