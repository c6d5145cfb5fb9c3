/**
 * The Slack app: installed from settings (OAuth v2, bound to the signed-in user, session and
 * workspace), a slash command and mentions answered with Ask, and disconnection. Inbound requests are
 * verified by Bolt with the signing secret. See docs/slack.md.
 */
package dev.spendline.query.slack;
