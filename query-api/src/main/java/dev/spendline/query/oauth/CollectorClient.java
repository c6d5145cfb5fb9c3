package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.FirstPartyClients;
import java.time.Clock;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;

/**
 * The local collector's client, {@value FirstPartyClients#COLLECTOR_CLIENT_ID}: public (token endpoint
 * authentication {@code none}), PKCE S256 required for the authorization code, the grants
 * {@code authorization_code} (loopback redirect {@code http://127.0.0.1/callback} on any port, RFC 8252),
 * {@code device_code} and {@code refresh_token}, the one scope {@value FirstPartyClients#USAGE_WRITE_SCOPE}.
 *
 * <p>Stored in Spring's client table like a registered client, so that every part of the authorization
 * server (authorizations, consents, the grants listed in settings) treats it the same way. It is saved at
 * every start under a fixed id: a first start inserts it, a later one brings its settings up to date
 * (token lifetimes follow {@code spendline.oauth.*}). The clean-up of unused clients skips it
 * ({@link FirstPartyClients#CLIENT_IDS}).
 */
final class CollectorClient {

    private static final Logger log = LoggerFactory.getLogger(CollectorClient.class);

    /** The loopback redirect; any port matches ({@link RedirectUris#matches}). */
    static final String REDIRECT_URI = "http://127.0.0.1/callback";

    private CollectorClient() {}

    static RegisteredClient definition(OAuthProperties properties, Clock clock) {
        return RegisteredClient.withId(FirstPartyClients.COLLECTOR_CLIENT_ID)
                .clientId(FirstPartyClients.COLLECTOR_CLIENT_ID)
                .clientIdIssuedAt(clock.instant())
                .clientName(FirstPartyClients.COLLECTOR_NAME)
                .clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
                .authorizationGrantType(AuthorizationGrantType.DEVICE_CODE)
                .redirectUri(REDIRECT_URI)
                .scope(FirstPartyClients.USAGE_WRITE_SCOPE)
                .clientSettings(ClientRegistrations.publicClientSettings())
                .tokenSettings(ClientRegistrations.tokenSettings(properties))
                .build();
    }

    /** Inserts or updates the client; idempotent, and safe when two instances start at once. */
    static void register(RegisteredClientRepository clients, OAuthProperties properties, Clock clock) {
        try {
            registerOnce(clients, properties, clock);
        } catch (IllegalArgumentException concurrentStart) {
            // JdbcRegisteredClientRepository.save checks the client id before it inserts: when another
            // instance inserted between our lookup and that check, it refuses the "duplicate". The
            // row is there now, so a second pass finds it and updates it (seen in ClusterIT's start).
            log.debug("The collector client was registered by another instance starting at the same time");
            registerOnce(clients, properties, clock);
        }
    }

    private static void registerOnce(RegisteredClientRepository clients, OAuthProperties properties, Clock clock) {
        RegisteredClient wanted = definition(properties, clock);
        RegisteredClient stored = clients.findById(wanted.getId());
        if (stored != null) {
            // Keep the first registration's issue time; everything else follows this version.
            wanted = RegisteredClient.from(wanted)
                    .clientIdIssuedAt(Objects.requireNonNullElse(stored.getClientIdIssuedAt(), clock.instant()))
                    .build();
        }
        try {
            clients.save(wanted);
        } catch (DataIntegrityViolationException concurrentStart) {
            log.debug("The collector client was registered by another instance starting at the same time");
        }
    }
}
