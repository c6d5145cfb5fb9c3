/**
 * Webhook endpoints of a workspace and their delivery log (migration V9): where alert changes are
 * POSTed, with which encrypted signing secrets, and what the last attempts answered. Signing,
 * encryption and delivery live in query-api's {@code webhooks} package.
 */
package dev.spendline.controlplane.webhooks;
