package dev.spendline.controlplane;

import java.util.Objects;

/**
 * The credential a request authenticated with, by reference (never the secret): what a prepared
 * write action binds to, so only the credential that prepared it can confirm it (the spec: "the
 * OAuth grant or workspace API key that prepared it"). Kind and id together: an API key and a
 * grant that happened to share an id are still two credentials.
 */
public record Credential(Kind kind, String id) {

    public enum Kind {
        API_KEY("api_key"),
        OAUTH_GRANT("oauth_grant"),
        /** A signed-in user of the dashboard; the id is the user's id. */
        SESSION_USER("session_user");

        private final String wireName;

        Kind(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    public Credential {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
    }

    public static Credential apiKey(String keyId) {
        return new Credential(Kind.API_KEY, keyId);
    }

    /** An OAuth grant (MCP): the id is the grant's authorization id, the same for every token it issues. */
    public static Credential oauthGrant(String authorizationId) {
        return new Credential(Kind.OAUTH_GRANT, authorizationId);
    }

    /** A signed-in dashboard user: what prepared a write action from the dashboard. */
    public static Credential sessionUser(String userId) {
        return new Credential(Kind.SESSION_USER, userId);
    }

    /** As stored with what the credential did: {@code api_key:key_...}, {@code oauth_grant:...}. */
    public String reference() {
        return kind.wireName + ":" + id;
    }
}
