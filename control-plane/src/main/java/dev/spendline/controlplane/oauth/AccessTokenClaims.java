package dev.spendline.controlplane.oauth;

/**
 * The claims Spendline puts in its OAuth access tokens besides the registered ones ({@code iss},
 * {@code sub}, {@code aud}, {@code exp}, {@code scope}). Only {@link #GRANT_ID} is trusted by a
 * resource, and only after the grant was read from the database; the others are there for the client
 * (the collector shows the e-mail and workspace it sends for).
 */
public final class AccessTokenClaims {

    /** The grant (the authorization's id): what the resource checks in the database. */
    public static final String GRANT_ID = "grant_id";

    /** The workspace the user chose at consent. */
    public static final String WORKSPACE_ID = "workspace_id";

    /** The workspace's name when the token was issued. */
    public static final String WORKSPACE_NAME = "workspace_name";

    /** The e-mail of the user who gave the grant, lower case. */
    public static final String EMAIL = "email";

    /** The user's display name, when known. */
    public static final String NAME = "name";

    /** The granted scopes: a JSON array of strings, as Spring's authorization server writes them. */
    public static final String SCOPE = "scope";

    private AccessTokenClaims() {}
}
