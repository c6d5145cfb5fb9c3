package dev.spendline.query.signin;

import java.io.Serial;
import java.io.Serializable;
import java.util.Collection;
import java.util.Map;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.core.user.OAuth2User;

/**
 * A user signed in with a provider, named by their Spendline user id (as a password sign-in is), so
 * the rest of the dashboard does not care how they signed in: plain OAuth 2 providers (GitHub) as
 * they are, OpenID Connect ones as {@link ProviderUser}. Serializable: it is stored in the session,
 * in the database.
 */
class ProviderOAuth2User implements OAuth2User, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final OAuth2User provider;
    private final String userId;

    ProviderOAuth2User(OAuth2User provider, String userId) {
        this.provider = provider;
        this.userId = userId;
    }

    @Override
    public String getName() {
        return userId;
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
