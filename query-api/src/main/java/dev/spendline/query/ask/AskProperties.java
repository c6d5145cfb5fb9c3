package dev.spendline.query.ask;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code spendline.base-url}: the public address dashboard links start with, e.g.
 * {@code https://spendline.example.com}. Unset, links use the scheme, host and port of the request
 * (which behind a proxy needs forwarded headers to be right).
 */
@ConfigurationProperties("spendline")
record AskProperties(String baseUrl) {}
