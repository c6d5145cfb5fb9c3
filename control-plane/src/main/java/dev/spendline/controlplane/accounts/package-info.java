/**
 * People and their workspaces: users (password and/or OpenID Connect identities), memberships with roles,
 * invitations by link, and the standalone's one-time setup link.
 */
package dev.spendline.controlplane.accounts;
