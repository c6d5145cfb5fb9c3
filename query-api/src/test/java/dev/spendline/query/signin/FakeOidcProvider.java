package dev.spendline.query.signin;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * An OpenID Connect provider (Core 1.0 and Discovery 1.0) on 127.0.0.1: the discovery document at
 * {@code /.well-known/openid-configuration}, the authorization and token endpoints of
 * {@link FakeAuthorizationServer} (an {@code openid} request must carry a nonce), ID tokens signed
 * RS256 with a key generated at start and published at {@code /jwks}, and {@code /userinfo}. The
 * test can make the next ID token misbehave: signed with another key, or with another nonce.
 */
final class FakeOidcProvider extends FakeAuthorizationServer<FakeOidcProvider.Person> {

    /** A person signed in at the provider: {@code sub}, {@code email}, {@code name}. */
    record Person(String subject, String email, String name, boolean emailVerified) {
        Person(String subject, String email, String name) {
            this(subject, email, name, true);
        }
    }

    /** How the next ID token is made. */
    enum IdToken {
        /** As the provider should. */
        VALID,
        /** Signed by a key that is not the published one (same key id): a forged token. */
        FOREIGN_SIGNATURE,
        /** With a nonce other than the one of the authorization request: a replayed token. */
        OTHER_NONCE
    }

    private final RSAKey key = generate();
    private final RSAKey foreignKey = generate();
    private volatile IdToken next = IdToken.VALID;

    FakeOidcProvider() {
        super("/authorize", "/token");
        route("/.well-known/openid-configuration", this::discovery);
        route("/jwks", exchange -> send(exchange, 200, "application/json", new JWKSet(key.toPublicJWK()).toString()));
        route("/userinfo", this::userInfo);
    }

    /** {@code iss} of its tokens and the base of its discovery document. */
    String issuer() {
        return baseUrl();
    }

    /** The next ID token only; the one after is valid again. */
    void nextIdToken(IdToken kind) {
        this.next = kind;
    }

    private void discovery(HttpExchange exchange) throws IOException {
        sendJson(
                exchange,
                200,
                json(
                        "issuer", issuer(),
                        "authorization_endpoint", authorizationEndpoint(),
                        "token_endpoint", tokenEndpoint(),
                        "jwks_uri", baseUrl() + "/jwks",
                        "userinfo_endpoint", baseUrl() + "/userinfo",
                        "response_types_supported", List.of("code"),
                        "subject_types_supported", List.of("public"),
                        "id_token_signing_alg_values_supported", List.of("RS256"),
                        "scopes_supported", List.of("openid", "email", "profile"),
                        "token_endpoint_auth_methods_supported", List.of("client_secret_basic", "client_secret_post"),
                        "code_challenge_methods_supported", List.of("S256"),
                        "claims_supported",
                                List.of(
                                        "iss",
                                        "sub",
                                        "aud",
                                        "exp",
                                        "iat",
                                        "nonce",
                                        "email",
                                        "email_verified",
                                        "name")));
    }

    @Override
    boolean acceptable(Map<String, String> request) {
        String scope = request.getOrDefault("scope", "");
        return !List.of(scope.split(" ")).contains("openid") || request.get("nonce") != null;
    }

    @Override
    Map<String, Object> tokenResponse(Grant<Person> grant, String accessToken) {
        IdToken kind = next;
        next = IdToken.VALID;
        Person person = grant.user();
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(issuer())
                .subject(person.subject())
                .audience(clientId())
                .expirationTime(Date.from(now.plus(Duration.ofMinutes(5))))
                .issueTime(Date.from(now))
                .claim("nonce", kind == IdToken.OTHER_NONCE ? token() : grant.nonce())
                .claim("email", person.email())
                .claim("email_verified", person.emailVerified())
                .claim("name", person.name())
                .build();
        SignedJWT idToken = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256)
                        .keyID(key.getKeyID())
                        .type(JOSEObjectType.JWT)
                        .build(),
                claims);
        try {
            idToken.sign(new RSASSASigner(kind == IdToken.FOREIGN_SIGNATURE ? foreignKey : key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return json(
                "access_token",
                accessToken,
                "token_type",
                "Bearer",
                "expires_in",
                300,
                "scope",
                grant.scope(),
                "id_token",
                idToken.serialize());
    }

    private void userInfo(HttpExchange exchange) throws IOException {
        Grant<Person> grant = bearer(exchange);
        if (grant == null) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            send(exchange, 401, "text/plain", "");
            return;
        }
        Person person = grant.user();
        sendJson(
                exchange,
                200,
                json(
                        "sub", person.subject(),
                        "email", person.email(),
                        "email_verified", person.emailVerified(),
                        "name", person.name()));
    }

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyID("fake-key-1").generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
