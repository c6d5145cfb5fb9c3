package dev.spendline.query.dashboard;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * {@code spendline.base-url}: the public address dashboard links start with (Ask's answers, Slack's
 * messages, the overview's ingest example), e.g. {@code https://spendline.example.com}. Unset, links use the scheme, host and port of the request
 * (which behind a proxy needs forwarded headers to be right).
 */
@ConfigurationProperties("spendline")
public record PublicAddress(String baseUrl) {

    /**
     * The configured address, or else the scheme, host, port and context path of the current
     * request (Ask's links, the dashboard's examples). Called while a request is being handled.
     */
    public String baseUrlOrRequest() {
        return baseUrl == null || baseUrl.isBlank()
                ? ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString()
                : baseUrl;
    }
}
