package dev.spendline.query.oauth;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a dynamically registered client may put in the values a person later sees or a browser later
 * follows: the scheme of a non-http redirect URI.
 *
 * <p><b>Private-use schemes.</b> Only a scheme in reverse-domain form (RFC 8252 §7.1:
 * {@code com.example.app:/callback}) or one of the few desktop MCP clients' own schemes
 * ({@value #KNOWN_CLIENT_SCHEMES_TEXT}). Any other scheme may be one the browser or the operating
 * system runs itself ({@code ms-settings:}, {@code view-source:}, {@code about:},
 * {@code javascript:}, {@code data:}, {@code file:}, {@code x-apple.systempreferences:}), and a
 * consent page that sends the person there after "Allow" is a phishing aid. A reverse-domain
 * scheme starts with a top-level domain, letters only, so {@code x-apple.…} is not one.
 *
 * <p>Client names follow the rule of every other name, {@code TextRules.DISPLAY_NAME} (checked in
 * {@link ClientRegistrations}): a right-to-left override would make the consent page show
 * "Spendline ‮moc.live" as something else than what it is.
 */
final class RegistrationValues {

    /** The schemes of desktop MCP clients that register a redirect in a scheme without a dot. */
    static final Set<String> KNOWN_CLIENT_SCHEMES = Set.of("cursor", "vscode", "vscode-insiders");

    static final String KNOWN_CLIENT_SCHEMES_TEXT = "cursor, vscode, vscode-insiders";

    /** A reverse domain name: a letters-only top-level domain, then at least one more label. */
    private static final Pattern REVERSE_DOMAIN =
            Pattern.compile("[a-z]{2,63}(\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+");

    private RegistrationValues() {}

    /** Whether a redirect URI that is neither https nor http may use {@code scheme}. */
    static boolean privateUseScheme(String scheme) {
        String lower = scheme.toLowerCase(Locale.ROOT);
        return KNOWN_CLIENT_SCHEMES.contains(lower)
                || REVERSE_DOMAIN.matcher(lower).matches();
    }
}
