package dev.spendline.query.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import dev.spendline.controlplane.oauth.SigningKeyRepository;
import java.text.ParseException;
import java.util.UUID;

/** The RSA key that signs access tokens: read from the control-plane database, generated there on first start. */
final class SigningKeys {

    private SigningKeys() {}

    static JWKSource<SecurityContext> load(SigningKeyRepository keys) {
        String stored = keys.findOrCreate(SigningKeys::generate);
        try {
            return new ImmutableJWKSet<>(new JWKSet(RSAKey.parse(stored)));
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
