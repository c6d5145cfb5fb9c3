package dev.spendline.cli.collector;

import dev.spendline.cli.Environment;
import dev.spendline.cli.auth.SecretStore;
import dev.spendline.client.BearerCredentials;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The collector's renewable session: the refresh token in the CLI's credential store, and the
 * current access token in memory. {@link #token()} refreshes a minute before expiry and after a 401
 * ({@link #unauthorized}); each refresh stores the rotated refresh token before the new access token
 * is used, so a crash in between cannot leave the store with a token the server already replaced.
 * When the server says {@code invalid_grant} (revoked, removed member, replayed token) the session
 * is over: {@link SessionEndedException} says to run setup again.
 */
final class CollectorSession implements BearerCredentials {

    static final SecretStore STORE = new SecretStore("collector-refresh-token", "collector-credentials");
    private static final Duration EARLY = Duration.ofSeconds(60);

    /** The session cannot be renewed; the message says what to run. */
    static final class SessionEndedException extends IOException {
        SessionEndedException(String reason) {
            super("the collector's session ended (" + reason + "); run 'spendline collector setup' again");
        }
    }

    private final OAuthClient client;
    private final Environment environment;
    private String store;
    private final Clock clock;
    private String accessToken;
    private Instant expiresAt = Instant.EPOCH;

    CollectorSession(OAuthClient client, Environment environment, String store, Clock clock) {
        this.client = client;
        this.environment = environment;
        this.store = store;
        this.clock = clock;
    }

    /** Where the refresh token is now: {@code keyring} or {@code file}. */
    synchronized String store() {
        return store;
    }

    /** Starts with the tokens a setup just received. */
    synchronized void start(OAuthClient.TokenResponse tokens) {
        accept(tokens);
    }

    /** The current access token, refreshed when it expires within a minute. */
    @Override
    public synchronized String token() throws IOException {
        if (accessToken == null || !clock.instant().isBefore(expiresAt.minus(EARLY))) {
            refresh();
        }
        return accessToken;
    }

    /** The service refused {@code rejected}: the next {@link #token()} refreshes. */
    @Override
    public synchronized void unauthorized(String rejected) {
        if (rejected != null && rejected.equals(accessToken)) {
            accessToken = null;
        }
    }

    private void refresh() throws IOException {
        String refreshToken;
        try {
            refreshToken = STORE.load(environment, store)
                    .orElseThrow(() ->
                            new SessionEndedException("no refresh token in " + STORE.location(environment, store)));
        } catch (IllegalStateException e) {
            throw new IOException("cannot read the refresh token: " + e.getMessage(), e);
        }
        OAuthClient.TokenResponse response;
        try {
            response = client.refresh(refreshToken);
        } catch (RuntimeException e) {
            throw new IOException(e.getMessage(), e);
        }
        if (response.ok()) {
            accept(response);
            return;
        }
        if ("invalid_grant".equals(response.error()) || "invalid_client".equals(response.error())) {
            throw new SessionEndedException(response.describe());
        }
        throw new IOException("cannot refresh the session: " + response.describe());
    }

    private void accept(OAuthClient.TokenResponse tokens) {
        String rotated = tokens.refreshToken();
        if (rotated != null) {
            try {
                // The store that took it (auto mode may fall back to the file) is where to read next.
                store = STORE.save(environment, rotated).store();
            } catch (IllegalStateException e) {
                throw new IllegalStateException("cannot store the refresh token: " + e.getMessage(), e);
            }
        }
        accessToken = tokens.accessToken();
        expiresAt = clock.instant().plusSeconds(tokens.expiresIn());
    }
}
