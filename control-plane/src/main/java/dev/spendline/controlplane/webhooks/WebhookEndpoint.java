package dev.spendline.controlplane.webhooks;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * One webhook endpoint as stored. The secrets are ciphertexts (see V9); nothing here is ever shown
 * to a caller as it is.
 *
 * @param alertTypes the alert type names it wants; empty for every type
 * @param severities the severity names it wants; empty for every severity
 * @param previousSecretCiphertext the secret before the last rotation, still signing until {@code
 *     previousSecretExpiresAt}; null when there is none
 * @param failingSince start of the current run of failed attempts; null after a success
 */
public record WebhookEndpoint(
        String id,
        String workspaceId,
        String url,
        Set<String> alertTypes,
        Set<String> severities,
        String secretCiphertext,
        String previousSecretCiphertext,
        Instant previousSecretExpiresAt,
        Instant createdAt,
        boolean enabled,
        Instant disabledAt,
        String disabledReason,
        Instant failingSince) {

    public WebhookEndpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(workspaceId, "workspaceId");
        Objects.requireNonNull(url, "url");
        alertTypes = Set.copyOf(alertTypes);
        severities = Set.copyOf(severities);
        Objects.requireNonNull(secretCiphertext, "secretCiphertext");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** The previous secret's ciphertext while it is still valid at {@code now}. */
    public java.util.Optional<String> previousSecretAt(Instant now) {
        return previousSecretCiphertext != null
                        && previousSecretExpiresAt != null
                        && now.isBefore(previousSecretExpiresAt)
                ? java.util.Optional.of(previousSecretCiphertext)
                : java.util.Optional.empty();
    }

    /** Whether this endpoint wants changes of an alert of this type and severity. */
    public boolean wants(String alertType, String severity) {
        return (alertTypes.isEmpty() || alertTypes.contains(alertType))
                && (severities.isEmpty() || severities.contains(severity));
    }
}
