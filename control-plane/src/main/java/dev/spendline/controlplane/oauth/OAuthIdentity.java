package dev.spendline.controlplane.oauth;

import dev.spendline.controlplane.Principal;
import java.util.Objects;

/**
 * Who a request with a valid OAuth access token acts as: the {@link Principal} (the grant's workspace,
 * {@code oauth_grant:<grant id>}, the workspace's plan), the user who gave the grant, and that user's
 * e-mail (lower case) — which internal usage rows sent with the token must name.
 */
public record OAuthIdentity(Principal principal, String userId, String email) {

    public OAuthIdentity {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(email, "email");
    }
}
