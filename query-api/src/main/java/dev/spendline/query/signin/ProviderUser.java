package dev.spendline.query.signin;

import java.io.Serial;
import java.io.Serializable;
import java.util.Collection;
import java.util.Map;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;
import org.springframework.security.oauth2.core.oidc.OidcUserInfo;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

/**
 * A user signed in with an OpenID Connect provider, named by their Spendline user id (as a password
 * sign-in is), so the rest of the dashboard does not care how they signed in. Serializable: it is
 * stored in the session, in the database.
 */
final class ProviderUser implements OidcUser, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final OidcUser provider;
    private final String userId;

    ProviderUser(OidcUser provider, String userId) {
        this.provider = provider;
        this.userId = userId;
    }

    @Override
    public String getName() {
        return userId;
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

    @Override
    public Map<String, Object> getAttributes() {
        return provider.getAttributes();
    }

    @Override
    public Collection<? extends GrantedAuthority> getAuthorities() {
        return provider.getAuthorities();
    }
}
