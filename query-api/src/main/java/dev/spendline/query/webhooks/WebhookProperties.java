package dev.spendline.query.webhooks;

import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code spendline.webhooks.*} (docs/webhooks.md, "Configuration").
 *
 * @param allowLoopback whether endpoints may be on loopback (and then also plain http); the standalone
 *     sets it, deployed services leave it off
 * @param allowPrivateNetworks whether endpoints may be on private networks (10/8, 172.16/12, 192.168/16,
 *     100.64/10, fc00::/7); link-local, metadata, multicast and unspecified addresses are never allowed
 * @param secretEncryptionKeys AES keys (base64 of 16, 24 or 32 bytes) by id, for the signing secrets
 * @param secretEncryptionKeyId the key new secrets are encrypted with (optional with one key)
 */
@ConfigurationProperties("spendline.webhooks")
public record WebhookProperties(
        @DefaultValue("false") boolean allowLoopback,
        @DefaultValue("false") boolean allowPrivateNetworks,
        Map<String, String> secretEncryptionKeys,
        String secretEncryptionKeyId,
        @DefaultValue Delivery delivery) {

    public WebhookProperties {
        // A key left empty (compose passes an unset variable as "") is no key.
        secretEncryptionKeys = secretEncryptionKeys == null
                ? Map.of()
                : secretEncryptionKeys.entrySet().stream()
                        .filter(e -> e.getValue() != null && !e.getValue().isBlank())
                        .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
        secretEncryptionKeyId =
                secretEncryptionKeyId == null || secretEncryptionKeyId.isBlank() ? null : secretEncryptionKeyId;
    }

    /**
     * The delivery worker.
     *
     * @param enabled whether this instance consumes the alert topics and delivers (one consumer group
     *     across instances, so each change is delivered by the instance that owns its partition)
     * @param consumerGroup the worker's Kafka consumer group
     * @param connectTimeout how long a connection to a receiver may take
     * @param requestTimeout how long a receiver may take to answer
     * @param initialBackoff the first retry's delay (doubled per attempt, with jitter)
     * @param maxBackoff the longest delay between two attempts
     * @param retryWindow how long one message is retried
     * @param disableAfter how long an endpoint may fail without a single success before it is disabled
     * @param queueCapacity messages waiting per endpoint; more are dropped (and logged) rather than
     *     holding the worker
     */
    public record Delivery(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("spendline-webhooks") String consumerGroup,
            @DefaultValue("5s") Duration connectTimeout,
            @DefaultValue("10s") Duration requestTimeout,
            @DefaultValue("5s") Duration initialBackoff,
            @DefaultValue("1h") Duration maxBackoff,
            @DefaultValue("24h") Duration retryWindow,
            @DefaultValue("24h") Duration disableAfter,
            @DefaultValue("1000") int queueCapacity) {}
}
