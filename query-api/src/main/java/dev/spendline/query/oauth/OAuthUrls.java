package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.FirstPartyClients;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The addresses OAuth names: the issuer ({@code spendline.base-url}), the protected resources
 * ({@code {base_url}/api/mcp} for MCP clients, {@code {base_url}/api/v1/internal-usage} for the
 * collector) and the MCP endpoint's metadata. Unset, the base URL is the scheme, host and port of
 * the request being handled (behind a proxy that needs forwarded headers to be right; set the property
 * in production, so that tokens name one issuer whatever address a request used).
 */
public final class OAuthUrls {

    /** The MCP endpoint: the resource of every dynamically registered client's tokens. */
    public static final String MCP_PATH = "/api/mcp";

    /** RFC 9728's well-known prefix; the MCP endpoint's document is at this path plus {@link #MCP_PATH}. */
    public static final String RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

    /** The one scope of the MCP clients' tokens ({@link ClientRegistrations}). */
    public static final String MCP_SCOPE = ClientRegistrations.SCOPE;

    private final String configuredBase;

    OAuthUrls(String configuredBase) {
        this.configuredBase = configuredBase == null || configuredBase.isBlank()
                ? null
                : configuredBase.endsWith("/")
                        ? configuredBase.substring(0, configuredBase.length() - 1)
                        : configuredBase;
    }

    /** The configured base URL, or null when it comes from each request. */
    String configuredIssuer() {
        return configuredBase;
    }

    /** Called while a request is being handled. */
    public String issuer() {
        return configuredBase != null
                ? configuredBase
                : ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString();
    }

    /** {@code {base_url}/api/mcp}: what an access token's {@code aud} must contain. */
    public String resource() {
        return issuer() + MCP_PATH;
    }

    /** {@code {base_url}/api/v1/internal-usage}: the resource of the collector's tokens. */
    public String internalUsageResource() {
        return issuer() + FirstPartyClients.INTERNAL_USAGE_PATH;
    }

    /**
     * The one resource {@code clientId}'s tokens are for (RFC 8707): internal usage ingest for the
     * collector, the MCP endpoint for every other client.
     */
    public String resourceFor(String clientId) {
        return FirstPartyClients.COLLECTOR_CLIENT_ID.equals(clientId) ? internalUsageResource() : resource();
    }

    /** Where a client finds out how to get a token for {@link #resource()}. */
    public String resourceMetadata() {
        return issuer() + RESOURCE_METADATA_PATH + MCP_PATH;
    }
}
