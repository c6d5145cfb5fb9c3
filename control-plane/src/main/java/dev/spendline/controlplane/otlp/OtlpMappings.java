package dev.spendline.controlplane.otlp;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mapping each workspace's spans are read with, as the ingest path needs it: a map lookup, with
 * the database read at most once per workspace per {@code cacheTtl}, like the API key lookup
 * ({@link dev.spendline.controlplane.keys.ApiKeyAuthenticator}). A workspace without its own mapping
 * is cached too (as {@link OtlpMapping#DEFAULT}).
 *
 * <p>A change made in this process ({@link #invalidate}, called by the settings endpoint) applies to
 * the next export at once; another process (the gateway service beside query-api) applies it within
 * {@code cacheTtl}. Database failures propagate and are not cached. Thread-safe.
 */
public class OtlpMappings {

    private static final Logger log = LoggerFactory.getLogger(OtlpMappings.class);
    private static final long MAXIMUM_ENTRIES = 100_000;

    private final OtlpMappingRepository repository;
    private final LoadingCache<String, OtlpMapping> byWorkspace;

    public OtlpMappings(OtlpMappingRepository repository, Duration cacheTtl) {
        this.repository = Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(cacheTtl, "cacheTtl");
        if (cacheTtl.isNegative()) {
            throw new IllegalArgumentException("cacheTtl must not be negative: " + cacheTtl);
        }
        this.byWorkspace = Caffeine.newBuilder()
                .expireAfterWrite(cacheTtl)
                .maximumSize(MAXIMUM_ENTRIES)
                .build(this::load);
    }

    /** The workspace's mapping; reads the database when it is not cached. */
    public OtlpMapping forWorkspace(String workspaceId) {
        return byWorkspace.get(workspaceId);
    }

    /** The workspace's mapping when it is known without the database, so non-blocking callers can stay put. */
    public Optional<OtlpMapping> ifCached(String workspaceId) {
        return Optional.ofNullable(byWorkspace.getIfPresent(workspaceId));
    }

    /** Forgets the workspace's cached mapping, right after it changed in this process. */
    public void invalidate(String workspaceId) {
        byWorkspace.invalidate(workspaceId);
    }

    private OtlpMapping load(String workspaceId) {
        try {
            return repository.find(workspaceId).map(StoredOtlpMapping::mapping).orElse(OtlpMapping.DEFAULT);
        } catch (IllegalArgumentException unreadable) {
            // Only rows written around the settings endpoint can break its rules; the default keeps
            // the workspace's spans flowing, and the warning says why its own names are not used.
            log.warn(
                    "The OTLP mapping stored for workspace {} is not usable; using the default",
                    workspaceId,
                    unreadable);
            return OtlpMapping.DEFAULT;
        }
    }
}
