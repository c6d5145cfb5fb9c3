package dev.spendline.controlplane.oauth;

import java.util.List;

/**
 * The OAuth clients Spendline itself ships, registered by the server rather than by dynamic
 * registration: today the local collector ({@code spendline collector setup}). They are never removed
 * by the clean-up of unused clients, and their tokens are for a resource of their own.
 */
public final class FirstPartyClients {

    /** The local collector's client id (a public client: no secret, PKCE). */
    public static final String COLLECTOR_CLIENT_ID = "spendline-collector";

    /** How the collector is named on the consent page and in settings. */
    public static final String COLLECTOR_NAME = "Spendline collector";

    /** The collector's one scope: sending internal usage rows for its user. */
    public static final String USAGE_WRITE_SCOPE = "usage:write";

    /** The resource path of collector tokens: {@code aud} is the base URL followed by this. */
    public static final String INTERNAL_USAGE_PATH = "/api/v1/internal-usage";

    /** Every first-party client id. */
    public static final List<String> CLIENT_IDS = List.of(COLLECTOR_CLIENT_ID);

    private FirstPartyClients() {}
}
