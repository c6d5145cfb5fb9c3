package dev.spendline.query.signin;

import java.io.Serial;
import java.util.Map;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;
import org.springframework.security.oauth2.core.oidc.OidcUserInfo;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

/** {@link ProviderOAuth2User} for OpenID Connect providers: also the ID token and its claims. */
final class ProviderUser extends ProviderOAuth2User implements OidcUser {

    @Serial
    private static final long serialVersionUID = 1L;

    private final OidcUser provider;

    ProviderUser(OidcUser provider, String userId) {
        super(provider, userId);
        this.provider = provider;
    }

    @Override
    public Map<String, Object> getClaims() {
        return provider.getClaims();
    }

    @Override
    public OidcUserInfo getUserInfo() {
        return provider.getUserInfo();
    }

    @Override
    public OidcIdToken getIdToken() {
        return provider.getIdToken();
    }
}
