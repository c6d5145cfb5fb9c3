package dev.spendline.query.webhooks;

/**
 * One message for one endpoint: its stable id ({@code webhook-id}, the same for every attempt and for a
 * change that is read again after a restart), its event type and the JSON body that is signed and sent.
 */
record WebhookMessage(String webhookId, String eventType, byte[] body) {}
