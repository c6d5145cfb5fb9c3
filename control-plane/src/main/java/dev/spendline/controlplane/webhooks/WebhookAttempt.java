package dev.spendline.controlplane.webhooks;

import java.time.Instant;

/**
 * One attempt to deliver one message to one endpoint, for the delivery log.
 *
 * @param webhookId the message id ({@code webhook-id}), the same for every attempt of one message
 * @param attempt 1 for the first attempt of the message
 * @param status the HTTP status, or null when no answer came
 * @param outcome {@code delivered}, {@code retrying}, {@code failed}, {@code gave_up} or {@code dropped}
 * @param detail what went wrong in words (a timeout, a refused address, ...), or null
 */
public record WebhookAttempt(
        String endpointId,
        String webhookId,
        String eventType,
        Instant attemptedAt,
        int attempt,
        Integer status,
        String outcome,
        long latencyMs,
        String detail) {}
