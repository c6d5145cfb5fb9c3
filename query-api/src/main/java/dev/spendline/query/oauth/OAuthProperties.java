package dev.spendline.query.oauth;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code spendline.oauth.*}: the limits and lifetimes of the authorization server MCP clients use.
 *
 * @param registrationsPerAddressPerHour dynamic client registrations one remote address may make per
 *     hour (registration is open to anyone, as MCP clients register themselves)
 * @param unusedClientTtl how long a registered client that no one authorized is kept
 * @param accessTokenTtl lifetime of an access token (a JWT)
 * @param refreshTokenTtl lifetime of a refresh token; each refresh issues a new one
 * @param refreshGrace how long after a refresh the replaced refresh token may be sent again and gets the
 *     same new pair (a client retrying a refresh whose answer it lost); after it, a replayed token is
 *     refused and revokes the grant
 * @param deviceCodeTtl how long a device code (and its user code) waits for the user
 */
@ConfigurationProperties("spendline.oauth")
public record OAuthProperties(
        @DefaultValue("20") int registrationsPerAddressPerHour,
        @DefaultValue("24h") Duration unusedClientTtl,
        @DefaultValue("1h") Duration accessTokenTtl,
        @DefaultValue("30d") Duration refreshTokenTtl,
        @DefaultValue("30s") Duration refreshGrace,
        @DefaultValue("10m") Duration deviceCodeTtl) {}
