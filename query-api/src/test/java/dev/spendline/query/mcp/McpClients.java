package dev.spendline.query.mcp;

import dev.spendline.contracts.json.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;

/**
 * The official Java SDK's MCP client against a Spendline base URL, with an API key as its bearer
 * token. Its JSON mapper is Spendline's, so structured content arrives with exact decimals and can
 * be compared with a REST body read the same way.
 */
public final class McpClients {

    private final URI baseUrl;

    public McpClients(URI baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** An initialized client speaking the newest protocol version. */
    public McpSyncClient connect(String apiKey) {
        return connect(apiKey, List.of("2025-03-26", "2025-06-18", "2025-11-25"));
    }

    /** An initialized client offering only {@code versions} (the last is the one it asks for). */
    public McpSyncClient connect(String apiKey, List<String> versions) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(baseUrl.toString())
                .endpoint("/api/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(Json.MAPPER))
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + apiKey))
                .supportedProtocolVersions(versions)
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("spendline-tests", "1"))
                .requestTimeout(Duration.ofSeconds(20))
                .build();
        client.initialize();
        return client;
    }
}
