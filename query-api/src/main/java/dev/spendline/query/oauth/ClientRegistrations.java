package dev.spendline.query.oauth;

import dev.spendline.contracts.validation.TextRules;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.crypto.keygen.Base64StringKeyGenerator;
import org.springframework.security.crypto.keygen.StringKeyGenerator;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.OAuth2ClientRegistration;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;

/**
 * Dynamic client registration (RFC 7591) for MCP clients: what a registration may ask for
 * ({@link #validate}) and the client it becomes ({@link #convert}). Every client is public — no
 * secret, {@code none} at the token endpoint, PKCE required — whatever authentication method it asked
 * for (RFC 7591 lets the server replace requested metadata; the answer says {@code none}). Its only
 * scope is {@value #SCOPE}; the consent page is always shown, since that is where the user picks the
 * workspace.
 */
final class ClientRegistrations
        implements Consumer<OAuth2ClientRegistrationAuthenticationContext>,
                Converter<OAuth2ClientRegistration, RegisteredClient> {

    /** The one scope: use of the MCP endpoint, for the workspace chosen at consent. */
    static final String SCOPE = "mcp";

    static final int MAX_CLIENT_NAME_LENGTH = 100;

    /**
     * The redirect URIs are stored joined by commas in one {@code varchar(4000)} column
     * (V6__oauth_authorization_server.sql); they are checked against it here, so that the database
     * never refuses a registration (its error names the statement and the column).
     */
    static final int MAX_REDIRECT_URIS = 10;

    static final int MAX_REDIRECT_URIS_LENGTH = 4000;

    /** How much of a refused URI the error repeats. */
    private static final int QUOTED_URI_LENGTH = 100;

    static final String ERROR_URI = "https://datatracker.ietf.org/doc/html/rfc7591#section-3.2.2";

    private static final Set<String> GRANT_TYPES = Set.of(
            AuthorizationGrantType.AUTHORIZATION_CODE.getValue(),
            AuthorizationGrantType.REFRESH_TOKEN.getValue(),
            AuthorizationGrantType.DEVICE_CODE.getValue());

    private static final StringKeyGenerator CLIENT_IDS =
            new Base64StringKeyGenerator(Base64.getUrlEncoder().withoutPadding(), 24);

    private final OAuthProperties properties;
    private final Clock clock;

    ClientRegistrations(OAuthProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    public void accept(OAuth2ClientRegistrationAuthenticationContext context) {
        validate(((OAuth2ClientRegistrationAuthenticationToken) context.getAuthentication()).getClientRegistration());
    }

    static void validate(OAuth2ClientRegistration registration) {
        String name = registration.getClientName();
        if (name != null && name.length() > MAX_CLIENT_NAME_LENGTH) {
            throw error(
                    "invalid_client_metadata", "client_name must be at most " + MAX_CLIENT_NAME_LENGTH + " characters");
        }
        // The consent page and the CLI print the name: the same character rule as every other name.
        String nameProblem = name == null ? null : TextRules.DISPLAY_NAME.characterProblem(name);
        if (nameProblem != null) {
            throw error("invalid_client_metadata", "client_name " + nameProblem);
        }
        List<String> grantTypes = grantTypes(registration);
        for (String grantType : grantTypes) {
            if (!GRANT_TYPES.contains(grantType)) {
                throw error(
                        "invalid_client_metadata",
                        "grant_types may be authorization_code, refresh_token and"
                                + " urn:ietf:params:oauth:grant-type:device_code");
            }
        }
        List<String> redirectUris = registration.getRedirectUris() == null ? List.of() : registration.getRedirectUris();
        if (redirectUris.isEmpty() && grantTypes.contains(AuthorizationGrantType.AUTHORIZATION_CODE.getValue())) {
            throw error(OAuth2ErrorCodes.INVALID_REDIRECT_URI, "redirect_uris is required for authorization_code");
        }
        if (redirectUris.size() > MAX_REDIRECT_URIS) {
            throw error(OAuth2ErrorCodes.INVALID_REDIRECT_URI, "redirect_uris may list at most " + MAX_REDIRECT_URIS);
        }
        if (String.join(",", redirectUris).length() > MAX_REDIRECT_URIS_LENGTH) {
            throw error(
                    OAuth2ErrorCodes.INVALID_REDIRECT_URI,
                    "redirect_uris may have at most " + MAX_REDIRECT_URIS_LENGTH + " characters together");
        }
        for (String uri : redirectUris) {
            if (uri == null || uri.indexOf(',') >= 0) {
                // Stored comma-joined: a comma would split one URI into two on the way back.
                throw error(OAuth2ErrorCodes.INVALID_REDIRECT_URI, "a redirect URI must not contain a comma");
            }
            if (!RedirectUris.registrable(uri)) {
                throw error(
                        OAuth2ErrorCodes.INVALID_REDIRECT_URI,
                        "redirect_uris must be https, http on the loopback interface (127.0.0.1, localhost, [::1])"
                                + " or a private-use scheme in reverse-domain form (com.example.app:/callback) or "
                                + RegistrationValues.KNOWN_CLIENT_SCHEMES_TEXT + ", without a fragment: "
                                + quoted(uri));
            }
        }
    }

    @Override
    public RegisteredClient convert(OAuth2ClientRegistration registration) {
        Set<AuthorizationGrantType> grants = new LinkedHashSet<>();
        grantTypes(registration).forEach(type -> grants.add(new AuthorizationGrantType(type)));
        // Every client may refresh: one that does not use refresh tokens loses nothing.
        grants.add(AuthorizationGrantType.REFRESH_TOKEN);
        String name = registration.getClientName();
        return RegisteredClient.withId(UUID.randomUUID().toString())
                .clientId(CLIENT_IDS.generateKey())
                .clientIdIssuedAt(clock.instant())
                .clientName(name == null || name.isBlank() ? "Unnamed MCP client" : name.strip())
                .clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
                .authorizationGrantTypes(types -> types.addAll(grants))
                .redirectUris(uris -> {
                    if (registration.getRedirectUris() != null) {
                        uris.addAll(registration.getRedirectUris());
                    }
                })
                .scope(SCOPE)
                .clientSettings(publicClientSettings())
                .tokenSettings(tokenSettings(properties))
                .build();
    }

    /** Every public client of this server: PKCE required, and the person consents to each client. */
    static ClientSettings publicClientSettings() {
        return ClientSettings.builder()
                .requireProofKey(true)
                .requireAuthorizationConsent(true)
                .build();
    }

    /** JWT access tokens and rotating refresh tokens with the configured lifetimes. */
    static TokenSettings tokenSettings(OAuthProperties properties) {
        return TokenSettings.builder()
                .accessTokenFormat(OAuth2TokenFormat.SELF_CONTAINED)
                .accessTokenTimeToLive(properties.accessTokenTtl())
                .refreshTokenTimeToLive(properties.refreshTokenTtl())
                .reuseRefreshTokens(false)
                .deviceCodeTimeToLive(properties.deviceCodeTtl())
                .build();
    }

    /** The requested grant types; none (or only response_types=code) means authorization_code. */
    private static List<String> grantTypes(OAuth2ClientRegistration registration) {
        List<String> grantTypes = registration.getGrantTypes();
        return grantTypes == null || grantTypes.isEmpty()
                ? List.of(AuthorizationGrantType.AUTHORIZATION_CODE.getValue())
                : grantTypes;
    }

    private static String quoted(String uri) {
        return uri.length() <= QUOTED_URI_LENGTH ? uri : uri.substring(0, QUOTED_URI_LENGTH) + "…";
    }

    private static OAuth2AuthenticationException error(String code, String description) {
        return new OAuth2AuthenticationException(new OAuth2Error(code, description, ERROR_URI));
    }
}
