package dev.spendline.query.mcp;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Queries;
import dev.spendline.query.action.ActionService;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * MCP at {@code /api/mcp} (docs/mcp.md): the official SDK's stateless streamable-HTTP server with
 * one tool per read tool and, for Team workspaces, the two write tools. Needs {@link Queries},
 * {@link ActionService} (the action configuration) and Spring Security in front: the servlet is
 * registered with the container like Spring MVC's, so every chain whose matcher takes
 * {@code /api/mcp} (today the API-key chain of {@code /api/**}) authenticates its requests, and the
 * tools act for the request's {@link dev.spendline.controlplane.Principal} ({@link Callers}).
 *
 * <p>Protocol versions are the SDK's: 2.1.0 negotiates 2025-11-25, 2025-06-18 and 2025-03-26 and
 * offers the newest to a client that asks for another, which is what Spendline speaks, so nothing
 * is configured here.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(McpProperties.class)
public class McpConfiguration {

    /** The MCP endpoint; it carries no version (the protocol negotiates its own). */
    public static final String PATH = "/api/mcp";

    static final String SERVER_NAME = "spendline";

    static final String INSTRUCTIONS = "Spendline attributes AI usage cost. The read tools answer from the data of"
            + " the workspace this connection is signed in to (never another one): spend_by for spend grouped and"
            + " filtered by any dimension or period, compare for two periods side by side, margin_by_customer and"
            + " margin_by_feature for contribution margin, top_waste and savings_recommendations for money to save,"
            + " budget_status and active_alerts. Money is in USD, times in UTC. Team workspaces also have"
            + " prepare_write_action and confirm_write_action: always show the prepared summary to the user and"
            + " let the user type the confirmation phrase; never confirm on the user's behalf.";

    /**
     * The transport's and the server's JSON: Spendline's mapper, so decimals (money) are read as
     * {@code BigDecimal} and written with their digits, never rounded through a double.
     */
    private static final McpJsonMapper JSON = new JacksonMcpJsonMapper(Json.MAPPER);

    /**
     * The largest request body: a tool call's arguments are a few hundred bytes, so the SDK's
     * default of 16 MiB would only let one request hold a thread and memory for nothing. Larger
     * bodies get 413 {@code body_too_large}, as elsewhere in the API.
     */
    public static final int MAX_REQUEST_BYTES = 256 * 1024;

    @Bean
    HttpServletStatelessServerTransport mcpTransport() {
        return HttpServletStatelessServerTransport.builder()
                .jsonMapper(JSON)
                .messageEndpoint(PATH)
                .contextExtractor(Callers::context)
                .maxRequestSize(MAX_REQUEST_BYTES)
                .build();
    }

    /**
     * The server. Inputs are checked by the tools' own readers, not the SDK (whose refusal would
     * lack the HTTP API's codes and field list); outputs are checked against the published schemas
     * by the SDK. Handlers run on the request's thread: the transport blocks it anyway, and a hop
     * to another thread pool would only add latency.
     */
    @Bean(destroyMethod = "close")
    McpStatelessSyncServer mcpServer(
            HttpServletStatelessServerTransport mcpTransport,
            Queries queries,
            ActionService actions,
            Clock clock,
            JsonMapper jsonMapper) {
        ToolResults results = new ToolResults(jsonMapper);
        return McpServer.sync(mcpTransport)
                .serverInfo(SERVER_NAME, version())
                .instructions(INSTRUCTIONS)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(JSON)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(Json.MAPPER))
                .validateToolInputs(false)
                .immediateExecution(true)
                .tools(ReadTools.specifications(queries, clock, results, JSON))
                .tools(WriteTools.specifications(actions, results, JSON))
                .addToolFilter(WriteTools.visibleTo())
                .build();
    }

    /** Registered after the server is built: the server gives the transport its handler. */
    @Bean
    ServletRegistrationBean<McpEndpoint> mcpEndpoint(
            HttpServletStatelessServerTransport mcpTransport, McpStatelessSyncServer mcpServer) {
        ServletRegistrationBean<McpEndpoint> registration =
                new ServletRegistrationBean<>(new McpEndpoint(mcpTransport), PATH);
        registration.setName("mcp");
        registration.setLoadOnStartup(1);
        return registration;
    }

    /** Ahead of Spring Security's filters ({@link OriginCheck} says why). */
    @Bean
    FilterRegistrationBean<OriginCheck> mcpOriginCheck(
            McpProperties properties, @Value("${spendline.base-url:}") String baseUrl) {
        FilterRegistrationBean<OriginCheck> registration =
                new FilterRegistrationBean<>(new OriginCheck(properties.originsAllowed(baseUrl)));
        registration.setName("mcpOriginCheck");
        registration.setUrlPatterns(List.of(PATH));
        registration.setOrder(SecurityFilterProperties.DEFAULT_FILTER_ORDER - 1);
        return registration;
    }

    private static String version() {
        String version = McpConfiguration.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
