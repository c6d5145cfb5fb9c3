package dev.spendline.query.webhooks;

import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import java.time.Instant;
import java.util.List;

/**
 * An endpoint as the API and the settings page show it: never a secret.
 *
 * @param alertTypes the wanted alert types, sorted; empty for every type
 * @param severities the wanted severities, sorted; empty for every severity
 * @param previousSecretValidUntil after a rotation, until when the previous secret still signs; else null
 * @param failingSince since when every attempt has failed (null while it answers)
 * @param notice why deliveries stopped, for the owners, when the endpoint is disabled; else null
 */
public record WebhookView(
        String id,
        String url,
        List<String> alertTypes,
        List<String> severities,
        Instant createdAt,
        boolean enabled,
        Instant disabledAt,
        String disabledReason,
        Instant failingSince,
        Instant previousSecretValidUntil,
        String notice) {

    static WebhookView of(WebhookEndpoint endpoint, Instant now) {
        return new WebhookView(
                endpoint.id(),
                endpoint.url(),
                endpoint.alertTypes().stream().sorted().toList(),
                endpoint.severities().stream().sorted().toList(),
                endpoint.createdAt(),
                endpoint.enabled(),
                endpoint.disabledAt(),
                endpoint.disabledReason(),
                endpoint.failingSince(),
                endpoint.previousSecretAt(now).isPresent() ? endpoint.previousSecretExpiresAt() : null,
                endpoint.enabled()
                        ? null
                        : "Deliveries to " + endpoint.url() + " stopped at " + endpoint.disabledAt() + ": "
                                + endpoint.disabledReason()
                                + " Fix the receiver, then enable the endpoint again (changes in between are not sent).");
    }

    /** The answer to a create or a rotation: the only time the secret is shown. */
    public record WithSecret(String secret, WebhookView webhook) {}
}
