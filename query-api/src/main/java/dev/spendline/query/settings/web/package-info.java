/**
 * The dashboard's settings pages under {@code /app/settings}: the workspace (name, plan, Ask), its
 * API keys and its customer revenue. Everyone in a workspace reads them; only owners and admins
 * change anything, which every POST checks on the server ({@link dev.spendline.query.settings.web.PageRefusal}).
 */
package dev.spendline.query.settings.web;
