package dev.spendline.standalone.clients;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/**
 * A tiny MCP server built with the official MCP Java SDK, to prove the real-client harness before
 * Spendline's own {@code /api/mcp} exists: the SDK's stateless streamable-HTTP servlet transport at
 * {@code /api/mcp} on an embedded Tomcat (127.0.0.1, a free port), one read tool {@code spend_by}
 * answering fixed figures as {@code structuredContent} and as a JSON text block. A request without
 * {@code Authorization: Bearer <key>} gets 401; every request is recorded.
 */
final class ToyMcpServer implements AutoCloseable {

    /** What {@code spend_by} answers, whatever it is asked (its arguments are recorded). */
    static final String FIGURES = "{\"workspaceId\":\"ws_toy\",\"by\":\"tenant\",\"rows\":["
            + "{\"value\":\"acme\",\"costUsd\":40.25,\"calls\":3},"
            + "{\"value\":\"globex\",\"costUsd\":7.5,\"calls\":2}],"
            + "\"totals\":{\"costUsd\":47.75,\"calls\":5}}";

    private static final String INPUT_SCHEMA = "{\"type\":\"object\",\"required\":[\"by\"],"
            + "\"additionalProperties\":false,\"properties\":{"
            + "\"by\":{\"type\":\"string\",\"enum\":[\"feature\",\"tenant\",\"model\"],"
            + "\"description\":\"The dimension to group spend by; tenant is the customer.\"},"
            + "\"from\":{\"type\":\"string\",\"description\":\"Start date, included.\"},"
            + "\"to\":{\"type\":\"string\",\"description\":\"End date, included.\"}}}";

    /** Tomcat's INFO lines and the web-app thread-leak warnings (the SDK's Reactor threads) are noise here. */
    private static final java.util.logging.Logger TOMCAT_LOG = quiet("org.apache", java.util.logging.Level.WARNING);

    private static final java.util.logging.Logger LEAK_LOG =
            quiet("org.apache.catalina.loader.WebappClassLoaderBase", java.util.logging.Level.OFF);

    /** One HTTP request to {@code /api/mcp}: method, {@code Authorization} and {@code MCP-Protocol-Version}. */
    record Seen(String method, String authorization, String protocolVersion) {}

    private final Tomcat tomcat;
    private final McpStatelessSyncServer server;
    private final int port;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final List<Map<String, Object>> calls = new CopyOnWriteArrayList<>();

    private ToyMcpServer(String key) {
        McpJsonMapper mapper = McpJsonDefaults.getMapper();
        HttpServletStatelessServerTransport transport = HttpServletStatelessServerTransport.builder()
                .messageEndpoint("/api/mcp")
                .build();
        McpSchema.Tool tool = McpSchema.Tool.builder("spend_by")
                .title("Spend by")
                .description("Spend of the workspace over a time range, grouped by one dimension"
                        + " (tenant is the customer). Answers rows with costUsd and calls, and totals.")
                .inputSchema(mapper, INPUT_SCHEMA)
                .annotations(new McpSchema.ToolAnnotations("Spend by", true, false, true, false, null))
                .build();
        server = McpServer.sync(transport)
                .serverInfo("toy-spendline", "0.0.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(new McpStatelessServerFeatures.SyncToolSpecification(tool, (context, request) -> {
                    calls.add(request.arguments());
                    return McpSchema.CallToolResult.builder()
                            .structuredContent(mapper, FIGURES)
                            .addTextContent(FIGURES)
                            .isError(false)
                            .build();
                }))
                .build();

        Filter recordAndAuthorize = (request, response, chain) -> {
            HttpServletRequest http = (HttpServletRequest) request;
            seen.add(new Seen(
                    http.getMethod(), http.getHeader("Authorization"), http.getHeader("MCP-Protocol-Version")));
            if (!("Bearer " + key).equals(http.getHeader("Authorization"))) {
                HttpServletResponse denied = (HttpServletResponse) response;
                denied.setHeader("WWW-Authenticate", "Bearer");
                denied.sendError(401);
                return;
            }
            chain.doFilter(request, response);
        };

        try {
            tomcat = new Tomcat();
            tomcat.setBaseDir(Files.createTempDirectory("toy-mcp-tomcat").toString());
            Connector connector = new Connector();
            connector.setPort(0);
            connector.setProperty("address", "127.0.0.1");
            tomcat.setConnector(connector);
            Context context = tomcat.addContext("", null);
            Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
            context.addServletMappingDecoded("/api/mcp", "mcp");
            FilterDef filterDef = new FilterDef();
            filterDef.setFilterName("record-and-authorize");
            filterDef.setFilter(recordAndAuthorize);
            context.addFilterDef(filterDef);
            FilterMap filterMap = new FilterMap();
            filterMap.setFilterName("record-and-authorize");
            filterMap.addURLPattern("/*");
            context.addFilterMap(filterMap);
            tomcat.start();
            port = connector.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (LifecycleException e) {
            throw new IllegalStateException("the toy MCP server did not start", e);
        }
    }

    private static java.util.logging.Logger quiet(String name, java.util.logging.Level level) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
        logger.setLevel(level);
        return logger;
    }

    /** Starts the server; {@code key} is the only bearer it accepts. */
    static ToyMcpServer start(String key) {
        return new ToyMcpServer(key);
    }

    String url() {
        return "http://127.0.0.1:" + port + "/api/mcp";
    }

    List<Seen> seen() {
        return List.copyOf(seen);
    }

    /** The arguments of every {@code tools/call} of {@code spend_by}. */
    List<Map<String, Object>> calls() {
        return List.copyOf(calls);
    }

    @Override
    public void close() {
        server.close();
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }
}
