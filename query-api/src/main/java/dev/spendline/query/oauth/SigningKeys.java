package dev.spendline.query.oauth;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import dev.spendline.controlplane.oauth.OAuthSigningKey;
import dev.spendline.controlplane.oauth.SigningKeyRepository;

/** The RSA key that signs access tokens: read from the control-plane database, generated there on first start. */
final class SigningKeys {

    private SigningKeys() {}

    static JWKSource<SecurityContext> load(SigningKeyRepository keys) {
        return new ImmutableJWKSet<>(new JWKSet(OAuthSigningKey.loadOrCreate(keys)));
    }
}
