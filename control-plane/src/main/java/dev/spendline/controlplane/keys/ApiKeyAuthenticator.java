package dev.spendline.controlplane.keys;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * Turns an API key secret into a {@link Principal}, with a cache in front of the database so that the hot
 * request path costs one SHA-256 and a map lookup.
 *
 * <p>Both hits and misses are cached for {@code cacheTtl}: caching misses means a flood of wrong keys costs
 * the database one query per distinct key per TTL instead of one per request. The consequence is staleness:
 * {@link #invalidate} and {@link #invalidateAll} make a revoke take effect immediately in this process, but
 * other processes keep accepting a revoked key, and keep the old plan after a plan change, for up to {@code
 * cacheTtl}. Likewise a key issued moments after someone tried it may be rejected for up to {@code cacheTtl}.
 *
 * <p>{@code last_used_at} is written once per cache load, not per request, so it is accurate to about {@code
 * cacheTtl}.
 *
 * <p>Thread-safe. Database failures propagate as {@link DataAccessException} and are not cached.
 */
public class ApiKeyAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(ApiKeyAuthenticator.class);
    private static final long MAXIMUM_ENTRIES = 100_000;

    private final ApiKeyRepository keys;
    private final WorkspaceRepository workspaces;
    private final Clock clock;
    // Keyed by hash, not by secret, so the cache never holds usable credentials in memory.
    private final LoadingCache<String, Optional<Principal>> principalsByHash;

    public ApiKeyAuthenticator(ApiKeyRepository keys, WorkspaceRepository workspaces, Duration cacheTtl, Clock clock) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(cacheTtl, "cacheTtl");
        if (cacheTtl.isNegative()) {
            throw new IllegalArgumentException("cacheTtl must not be negative: " + cacheTtl);
        }
        this.principalsByHash = Caffeine.newBuilder()
                .expireAfterWrite(cacheTtl)
                .maximumSize(MAXIMUM_ENTRIES)
                // Expiry follows the injected clock so that it agrees with every other timestamp here and can
                // be tested deterministically; a wall-clock step only shortens or lengthens one TTL.
                .ticker(clockTicker(clock))
                .build(this::load);
    }

    /**
     * The principal a secret stands for, or empty if the secret is null, blank, malformed, unknown, revoked,
     * or belongs to a workspace that no longer exists. Malformed input never reaches the cache or database.
     */
    public Optional<Principal> authenticate(String secret) {
        if (!ApiKeySecrets.looksLikeKey(secret)) {
            return Optional.empty();
        }
        return principalsByHash.get(ApiKeySecrets.hash(secret));
    }

    /**
     * The answer {@link #authenticate} would give, if it is known without touching the database:
     * a malformed secret, or a cached hit or miss. Empty when the database must be asked, so that
     * non-blocking callers only move to a worker thread when they have to.
     */
    public Optional<Optional<Principal>> authenticateIfCached(String secret) {
        if (!ApiKeySecrets.looksLikeKey(secret)) {
            return Optional.of(Optional.empty());
        }
        return Optional.ofNullable(principalsByHash.getIfPresent(ApiKeySecrets.hash(secret)));
    }

    /** Forgets what is cached for this secret, e.g. right after revoking it in this process. */
    public void invalidate(String secret) {
        if (ApiKeySecrets.looksLikeKey(secret)) {
            principalsByHash.invalidate(ApiKeySecrets.hash(secret));
        }
    }

    /**
     * Forgets everything cached. Revoking by key id only (the secret is not known then) needs this, because
     * the cache is keyed by hash.
     */
    public void invalidateAll() {
        principalsByHash.invalidateAll();
    }

    private Optional<Principal> load(String hash) {
        Optional<ApiKey> found = keys.findByHash(hash);
        if (found.isEmpty() || found.get().revoked()) {
            return Optional.empty();
        }
        ApiKey key = found.get();
        Optional<Workspace> workspace = workspaces.findById(key.workspaceId());
        if (workspace.isEmpty()) {
            return Optional.empty();
        }
        markUsed(key);
        return Optional.of(
                Principal.apiKey(key.workspaceId(), key.id(), workspace.get().plan()));
    }

    // Usage tracking is informational; failing the request because it could not be recorded would be worse.
    private void markUsed(ApiKey key) {
        try {
            keys.markUsed(key.id(), Timestamps.now(clock));
        } catch (DataAccessException e) {
            log.warn("Could not record last use of API key {}", key.id(), e);
        }
    }

    private static Ticker clockTicker(Clock clock) {
        return () -> {
            Instant now = clock.instant();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        };
    }
}
