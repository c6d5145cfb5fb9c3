/**
 * MCP's OAuth: the authorization server on the public port ({@link dev.spendline.query.oauth.AuthorizationServerSecurity})
 * and the chain that authenticates {@code /api/mcp} with its access tokens or a workspace API key
 * ({@link dev.spendline.query.oauth.McpResourceSecurity}). See {@code docs/oauth.md}.
 */
package dev.spendline.query.oauth;
