package dev.spendline.controlplane.oauth;

/**
 * An access token refused by {@link OAuthAccessTokens}. {@link Reason#INSUFFICIENT_SCOPE} is a valid
 * token for this resource without the needed scope (HTTP 403); every other reason means the token
 * does not authenticate the request (HTTP 401). The message says what was wrong, in words a client's
 * user can act on.
 */
public class OAuthTokenException extends RuntimeException {

    /** Why a token was refused. */
    public enum Reason {
        /** Not a JWT of this server: malformed, or a signature that does not verify. */
        INVALID,
        EXPIRED,
        WRONG_ISSUER,
        WRONG_AUDIENCE,
        INSUFFICIENT_SCOPE,
        /** The grant was revoked, or the token replaced by a newer one or revoked itself. */
        REVOKED,
        /** The user who gave the grant is no longer a member of its workspace. */
        NOT_A_MEMBER
    }

    private final Reason reason;

    public OAuthTokenException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
