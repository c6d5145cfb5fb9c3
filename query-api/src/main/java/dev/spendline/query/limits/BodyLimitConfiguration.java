package dev.spendline.query.limits;

import dev.spendline.query.mcp.McpConfiguration;
import dev.spendline.query.settings.web.SettingsPagesConfiguration;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.Ordered;

/**
 * The body limit of the public port (docs/api.md, "Limits"): {@code spendline.http.max-body-size}
 * for every endpoint, MCP's and the revenue upload's own, and ingest left to the gateway's handler,
 * which enforces {@code spendline.ingest.max-body-size} while it reads. The container's form limit
 * follows the same property (limits-defaults.properties).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(BodyLimits.class)
@PropertySource("classpath:dev/spendline/query/limits/limits-defaults.properties")
public class BodyLimitConfiguration {

    /** Ingest reads its body itself, with its own documented limit (docs/ingest.md). */
    static final Set<String> INGEST_PATHS = Set.of("/api/v1/events", "/api/v1/internal-usage", "/v1/traces");

    /** First of all filters: before Spring Security, the MCP origin check and anything that reads. */
    @Bean
    FilterRegistrationBean<BodyLimitFilter> bodyLimitFilter(BodyLimits limits) {
        BodyLimitFilter filter = new BodyLimitFilter(
                limits.maxBodySize().toBytes(),
                Map.of(
                        McpConfiguration.PATH,
                        (long) McpConfiguration.MAX_REQUEST_BYTES,
                        SettingsPagesConfiguration.REVENUE_UPLOAD_PATH,
                        SettingsPagesConfiguration.MAX_UPLOAD_REQUEST_BYTES),
                INGEST_PATHS);
        FilterRegistrationBean<BodyLimitFilter> registration = new FilterRegistrationBean<>(filter);
        registration.setName("bodyLimit");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }
}
