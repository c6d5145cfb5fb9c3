package dev.spendline.query.mcp;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code spendline.mcp.*}: the MCP endpoint's settings.
 *
 * @param allowedOrigins the browser origins whose pages may call {@code /api/mcp}
 *     (DNS-rebinding protection, {@link OriginCheck}). Exact origins ({@code https://app.example.com})
 *     or an origin with any port ({@code http://localhost:*}). Unset: the origin of
 *     {@code spendline.base-url} (when configured) and loopback on any port. Set, it is the whole list.
 *     Requests without an {@code Origin} header (every non-browser client) are not affected.
 */
@ConfigurationProperties("spendline.mcp")
public record McpProperties(List<String> allowedOrigins) {

    /** Local tools and the MCP Inspector's browser UI run on loopback, on ports nobody can predict. */
    static final List<String> LOOPBACK = List.of("http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*");

    public McpProperties {
        allowedOrigins = allowedOrigins == null ? null : List.copyOf(allowedOrigins);
    }

    /** The allow-list in effect, given the public base URL ({@code spendline.base-url}, blank when unset). */
    List<String> originsAllowed(String baseUrl) {
        if (allowedOrigins != null) {
            return allowedOrigins;
        }
        List<String> origins = new ArrayList<>();
        if (baseUrl != null && !baseUrl.isBlank()) {
            origins.add(originOf(baseUrl));
        }
        origins.addAll(LOOPBACK);
        return List.copyOf(origins);
    }

    /**
     * The origin a browser sends for pages under {@code url}: scheme, host and a port only when it
     * is not the scheme's default ({@code https://spendline.example.com}, never {@code :443}).
     */
    static String originOf(String url) {
        URI uri = URI.create(url.trim());
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("spendline.base-url must be an absolute http(s) URL: " + url);
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort =
                port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }
}
