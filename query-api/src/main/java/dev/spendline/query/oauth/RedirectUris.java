package dev.spendline.query.oauth;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collection;
import java.util.Locale;
import java.util.Objects;

/**
 * Which redirect URIs a client may register, and which registered one a requested URI matches.
 *
 * <ul>
 *   <li>{@code https://} with a host;
 *   <li>{@code http://} only on the loopback interface: {@code 127.0.0.1} (any {@code 127.x.y.z}),
 *       {@code localhost} or {@code [::1]}, any port — a native client listening on the user's machine
 *       (RFC 8252 §7.3);
 *   <li>a private-use scheme of a desktop client: reverse-domain form ({@code com.example.app:/cb},
 *       RFC 8252 §7.1) or a known client's ({@code cursor://}, {@code vscode://}), see
 *       {@link RegistrationValues#privateUseScheme}; never one the browser or the system runs
 *       ({@code javascript:}, {@code ms-settings:}, {@code view-source:} ...);
 *   <li>never a fragment.
 * </ul>
 *
 * A loopback URI matches a registered one whatever the ports of either, since a native client binds
 * whichever port is free when it starts; every other URI must match exactly.
 */
final class RedirectUris {

    private RedirectUris() {}

    /** Whether a client may register {@code uri}. */
    static boolean registrable(String uri) {
        URI parsed = parse(uri);
        if (parsed == null || parsed.getFragment() != null || parsed.getScheme() == null) {
            return false;
        }
        String scheme = parsed.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("https")) {
            return parsed.getHost() != null;
        }
        if (scheme.equals("http")) {
            return isLoopback(parsed.getHost());
        }
        return RegistrationValues.privateUseScheme(scheme);
    }

    /**
     * Whether {@code requested} is one of {@code registered}, loopback ports aside, and still
     * registrable (a client registered before a rule was tightened gets no redirect it would now be
     * refused).
     */
    static boolean matches(String requested, Collection<String> registered) {
        if (!registrable(requested)) {
            return false;
        }
        if (registered.contains(requested)) {
            return true;
        }
        URI asked = parse(requested);
        if (asked == null
                || asked.getFragment() != null
                || !"http".equalsIgnoreCase(asked.getScheme())
                || !isLoopback(asked.getHost())) {
            return false;
        }
        for (String candidate : registered) {
            URI known = parse(candidate);
            if (known != null
                    && "http".equalsIgnoreCase(known.getScheme())
                    && asked.getHost().equalsIgnoreCase(known.getHost())
                    && Objects.equals(asked.getRawPath(), known.getRawPath())
                    && Objects.equals(asked.getRawQuery(), known.getRawQuery())) {
                return true;
            }
        }
        return false;
    }

    /** The host a consent page names for a redirect URI: {@code host}, or {@code scheme://} for a custom scheme. */
    static String displayHost(String uri) {
        URI parsed = parse(uri);
        if (parsed == null) {
            return uri;
        }
        String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("http") || scheme.equals("https")) {
            return parsed.getHost();
        }
        return scheme + "://" + (parsed.getHost() == null ? "" : parsed.getHost());
    }

    static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.equals("[::1]") || h.equals("[0:0:0:0:0:0:0:1]")) {
            return true;
        }
        String[] octets = h.split("\\.");
        if (octets.length != 4 || !octets[0].equals("127")) {
            return false;
        }
        for (String octet : octets) {
            if (!octet.matches("\\d{1,3}") || Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }

    private static URI parse(String uri) {
        try {
            return uri == null ? null : new URI(uri);
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
