package dev.spendline.controlplane.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import java.text.ParseException;
import java.util.UUID;

/**
 * The RSA key that signs access tokens, read from the control-plane database and generated there by
 * whichever process needs it first (the authorization server at start, or an ingest gateway asked to
 * verify a token before any authorization server ran).
 */
public final class OAuthSigningKey {

    private OAuthSigningKey() {}

    /** The stored key (private part included), created and stored now if there is none. */
    public static RSAKey loadOrCreate(SigningKeyRepository keys) {
        String stored = keys.findOrCreate(OAuthSigningKey::generate);
        try {
            return RSAKey.parse(stored);
        } catch (ParseException e) {
            throw new IllegalStateException("The stored OAuth signing key is not a valid RSA JWK", e);
        }
    }

    private static String generate() {
        try {
            return new RSAKeyGenerator(2048)
                    .keyID(UUID.randomUUID().toString())
                    .generate()
                    .toJSONString();
        } catch (JOSEException e) {
            throw new IllegalStateException("Could not generate the OAuth signing key", e);
        }
    }
}
