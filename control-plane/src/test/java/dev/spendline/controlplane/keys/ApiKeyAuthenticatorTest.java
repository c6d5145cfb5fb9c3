package dev.spendline.controlplane.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.simple.JdbcClient;

class ApiKeyAuthenticatorTest extends DatabaseTest {

    private static final Duration TTL = Duration.ofSeconds(30);

    private CountingKeys countingKeys;
    private ApiKeyAuthenticator authenticator;
    private Workspace workspace;
    private IssuedApiKey issued;

    @BeforeEach
    void createAuthenticatorAndKey() {
        countingKeys = new CountingKeys(jdbc, clock);
        authenticator = new ApiKeyAuthenticator(countingKeys, workspaces, TTL, clock);
        workspace = workspaces.create("Acme", Plan.TEAM);
        issued = keys.issue(workspace.id(), "ci");
    }

    @Test
    void issuedKeyAuthenticatesAsItsWorkspace() {
        assertThat(authenticator.authenticate(issued.secret()))
                .contains(Principal.apiKey(workspace.id(), issued.key().id(), Plan.TEAM));
    }

    @Test
    void keyOfWorkspaceAYieldsWorkspaceAOnly() {
        Workspace b = workspaces.create("B", Plan.FREE);
        IssuedApiKey keyOfB = keys.issue(b.id(), "b");

        assertThat(authenticator.authenticate(issued.secret()))
                .map(Principal::workspaceId)
                .contains(workspace.id());
        assertThat(authenticator.authenticate(keyOfB.secret()))
                .contains(Principal.apiKey(b.id(), keyOfB.key().id(), Plan.FREE));
    }

    @Test
    void answersWithoutTheDatabaseOnlyWhatIsAlreadyKnown() {
        String wrong = ApiKeySecrets.generate();
        assertThat(authenticator.authenticateIfCached(issued.secret())).isEmpty();
        assertThat(authenticator.authenticateIfCached(wrong)).isEmpty();
        assertThat(authenticator.authenticateIfCached("sk-not-ours")).contains(Optional.empty());
        assertThat(countingKeys.lookups).hasValue(0);

        authenticator.authenticate(issued.secret());
        authenticator.authenticate(wrong);

        assertThat(authenticator.authenticateIfCached(issued.secret()))
                .contains(Optional.of(
                        Principal.apiKey(workspace.id(), issued.key().id(), Plan.TEAM)));
        assertThat(authenticator.authenticateIfCached(wrong)).contains(Optional.empty());
        assertThat(countingKeys.lookups).hasValue(2);
    }

    @Test
    void wellFormedButUnknownKeyIsRejected() {
        assertThat(authenticator.authenticate(ApiKeySecrets.generate())).isEmpty();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  ", "sk-not-ours", "spl_short", "Bearer spl_x"})
    void malformedOrBlankKeyIsRejectedWithoutDatabaseLookup(String secret) {
        assertThat(authenticator.authenticate(secret)).isEmpty();
        assertThat(countingKeys.lookups).hasValue(0);
    }

    @Test
    void repeatedWrongKeyHitsTheDatabaseOncePerTtl() {
        String wrong = ApiKeySecrets.generate();

        for (int i = 0; i < 100; i++) {
            assertThat(authenticator.authenticate(wrong)).isEmpty();
        }
        assertThat(countingKeys.lookups).hasValue(1);

        clock.advance(TTL.plusSeconds(1));
        assertThat(authenticator.authenticate(wrong)).isEmpty();
        assertThat(countingKeys.lookups).hasValue(2);
    }

    @Test
    void revokedKeyNoLongerAuthenticatesAfterInvalidate() {
        assertThat(authenticator.authenticate(issued.secret())).isPresent();

        keys.revoke(issued.key().id());
        authenticator.invalidate(issued.secret());

        assertThat(authenticator.authenticate(issued.secret())).isEmpty();
    }

    @Test
    void revokedKeyNoLongerAuthenticatesAfterInvalidateAll() {
        assertThat(authenticator.authenticate(issued.secret())).isPresent();

        keys.revoke(issued.key().id());
        authenticator.invalidateAll();

        assertThat(authenticator.authenticate(issued.secret())).isEmpty();
    }

    @Test
    void revokeInAnotherProcessTakesEffectOnceTheCacheTtlPasses() {
        assertThat(authenticator.authenticate(issued.secret())).isPresent();

        keys.revoke(issued.key().id()); // no invalidate: as if revoked by another process

        clock.advance(TTL.minusSeconds(1));
        assertThat(authenticator.authenticate(issued.secret()))
                .as("still cached")
                .isPresent();
        clock.advance(Duration.ofSeconds(2));
        assertThat(authenticator.authenticate(issued.secret())).isEmpty();
    }

    @Test
    void planChangeIsSeenOnceTheCacheTtlPasses() {
        assertThat(authenticator.authenticate(issued.secret()))
                .map(Principal::plan)
                .contains(Plan.TEAM);

        workspaces.updatePlan(workspace.id(), Plan.FREE);
        clock.advance(TTL.plusSeconds(1));

        assertThat(authenticator.authenticate(issued.secret()))
                .map(Principal::plan)
                .contains(Plan.FREE);
    }

    @Test
    void keyWhoseWorkspaceIsMissingIsRejected() {
        WorkspaceRepository noWorkspaces = new WorkspaceRepository(jdbc, clock) {
            @Override
            public Optional<Workspace> findById(String id) {
                return Optional.empty();
            }
        };
        ApiKeyAuthenticator withoutWorkspace = new ApiKeyAuthenticator(keys, noWorkspaces, TTL, clock);

        assertThat(withoutWorkspace.authenticate(issued.secret())).isEmpty();
    }

    @Test
    void lastUsedIsRecordedOncePerCacheLoad() {
        Instant firstUse = clock.instant().plusSeconds(60);
        clock.advance(Duration.ofSeconds(60));
        authenticator.authenticate(issued.secret());
        assertThat(lastUsedAt()).isEqualTo(firstUse);

        clock.advance(Duration.ofSeconds(10));
        authenticator.authenticate(issued.secret());
        assertThat(lastUsedAt()).as("served from cache, not written again").isEqualTo(firstUse);

        clock.advance(TTL);
        Instant afterExpiry = clock.instant();
        authenticator.authenticate(issued.secret());
        assertThat(lastUsedAt()).isEqualTo(afterExpiry);
    }

    @Test
    void concurrentRequestsShareOneDatabaseLookup() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Optional<Principal>>> requests = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                requests.add(() -> authenticator.authenticate(issued.secret()));
            }
            for (Future<Optional<Principal>> result : pool.invokeAll(requests)) {
                assertThat(result.get())
                        .map(p -> p.credential().id())
                        .contains(issued.key().id());
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(countingKeys.lookups).hasValue(1);
    }

    private Instant lastUsedAt() {
        return keys.findByHash(ApiKeySecrets.hash(issued.secret()))
                .orElseThrow()
                .lastUsedAt();
    }

    /** Counts database lookups so tests can prove what the cache keeps away from the database. */
    private static final class CountingKeys extends ApiKeyRepository {
        final AtomicInteger lookups = new AtomicInteger();

        CountingKeys(JdbcClient jdbc, java.time.Clock clock) {
            super(jdbc, clock);
        }

        @Override
        public Optional<ApiKey> findByHash(String hash) {
            lookups.incrementAndGet();
            return super.findByHash(hash);
        }
    }
}
