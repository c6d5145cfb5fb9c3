/**
 * What the OAuth authorization server keeps beside Spring's own tables: each grant's workspace, user,
 * creation, last use and refresh-token rotation ({@link dev.spendline.controlplane.oauth.OAuthGrantRepository}),
 * clean-up of clients that were never authorized, and the key that signs access tokens
 * ({@link dev.spendline.controlplane.oauth.SigningKeyRepository}).
 */
package dev.spendline.controlplane.oauth;
