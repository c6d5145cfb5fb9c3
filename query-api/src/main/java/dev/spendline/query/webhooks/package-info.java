/**
 * Signed webhooks for alert changes (docs/webhooks.md): the endpoints API ({@link
 * dev.spendline.query.webhooks.WebhookController}), Standard Webhooks signing, the SSRF guard, and the
 * delivery worker that consumes {@code spendline.alerts.v1} and {@code spendline.alert-snoozes.v1} in its
 * own consumer group and POSTs each change to every endpoint that wants it, one bounded queue per endpoint.
 */
package dev.spendline.query.webhooks;
