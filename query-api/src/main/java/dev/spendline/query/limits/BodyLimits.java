package dev.spendline.query.limits;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The request body limit of the public port's endpoints ({@code spendline.http.*}). Endpoints with
 * a limit of their own (ingest, MCP, the revenue upload; docs/api.md, "Limits") keep theirs.
 *
 * @param maxBodySize larger bodies are answered 413 {@code body_too_large} before they are read;
 *     also the servlet container's form limit ({@code server.tomcat.max-http-form-post-size})
 */
@ConfigurationProperties("spendline.http")
public record BodyLimits(@DefaultValue("1MB") DataSize maxBodySize) {}
