package dev.spendline.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionTemplate;

class ControlPlaneBootstrapTest extends DatabaseTest {

    private static final int PROCESSES = 4;

    @Test
    void firstBootstrapCreatesOneWorkspaceWithADefaultKey() {
        Optional<IssuedApiKey> issued =
                new ControlPlaneBootstrap(workspaces, keys).createFirstWorkspaceIfEmpty("Acme", Plan.TEAM);

        assertThat(issued).isPresent();
        List<Workspace> all = workspaces.findAll();
        assertThat(all).singleElement().satisfies(workspace -> {
            assertThat(workspace.name()).isEqualTo("Acme");
            assertThat(workspace.plan()).isEqualTo(Plan.TEAM);
        });
        assertThat(keys.listForWorkspace(all.get(0).id()))
                .containsExactly(issued.get().key());
        assertThat(issued.get().key().name()).isEqualTo("default");
        assertThat(new ApiKeyAuthenticator(keys, workspaces, Duration.ofMinutes(1), clock)
                        .authenticate(issued.get().secret()))
                .contains(Principal.apiKey(all.get(0).id(), issued.get().key().id(), Plan.TEAM));
    }

    @Test
    void secondBootstrapReturnsEmptyAndCreatesNothing() {
        ControlPlaneBootstrap bootstrap = transactionalBootstrap(workspaces, keys);
        assertThat(bootstrap.createFirstWorkspaceIfEmpty("Acme", Plan.FREE)).isPresent();

        assertThat(bootstrap.createFirstWorkspaceIfEmpty("Acme again", Plan.FREE))
                .isEmpty();

        assertThat(workspaces.count()).isEqualTo(1);
        assertThat(countApiKeys()).isEqualTo(1);
    }

    @Test
    void bootstrapDoesNothingWhenAWorkspaceAlreadyExists() {
        workspaces.create("Created by hand", Plan.FREE);

        assertThat(new ControlPlaneBootstrap(workspaces, keys).createFirstWorkspaceIfEmpty("Acme", Plan.FREE))
                .isEmpty();

        assertThat(workspaces.findAll()).extracting(Workspace::name).containsExactly("Created by hand");
        assertThat(countApiKeys()).isZero();
    }

    @Test
    void bootstrapThatLosesTheClaimCreatesNothing() {
        workspaces.claimBootstrap(); // another process won and is still creating its workspace

        assertThat(new ControlPlaneBootstrap(workspaces, keys).createFirstWorkspaceIfEmpty("Acme", Plan.FREE))
                .isEmpty();
        assertThat(transactionalBootstrap(workspaces, keys).createFirstWorkspaceIfEmpty("Acme", Plan.FREE))
                .isEmpty();

        assertThat(workspaces.count()).isZero();
    }

    @Test
    void failedTransactionalBootstrapLeavesNothingBehindAndCanBeRetried() {
        ApiKeyRepository failingKeys = new ApiKeyRepository(jdbc, clock) {
            @Override
            public IssuedApiKey issue(String workspaceId, String name) {
                throw new IllegalStateException("simulated crash after the workspace was created");
            }
        };

        assertThatThrownBy(() ->
                        transactionalBootstrap(workspaces, failingKeys).createFirstWorkspaceIfEmpty("Acme", Plan.FREE))
                .isInstanceOf(IllegalStateException.class);
        assertThat(workspaces.count()).isZero();

        assertThat(transactionalBootstrap(workspaces, keys).createFirstWorkspaceIfEmpty("Acme", Plan.FREE))
                .isPresent();
        assertThat(workspaces.count()).isEqualTo(1);
    }

    @Test
    void concurrentBootstrapFromFourThreadsCreatesExactlyOneWorkspace() throws Exception {
        assertExactlyOneWinner(racing -> new ControlPlaneBootstrap(racing, keys));
    }

    @Test
    void concurrentTransactionalBootstrapFromFourThreadsCreatesExactlyOneWorkspace() throws Exception {
        assertExactlyOneWinner(racing -> transactionalBootstrap(racing, keys));
    }

    private void assertExactlyOneWinner(java.util.function.Function<WorkspaceRepository, ControlPlaneBootstrap> factory)
            throws Exception {
        // All threads see an empty database before any of them claims: the worst interleaving, every time.
        CyclicBarrier allCounted = new CyclicBarrier(PROCESSES);
        WorkspaceRepository racing = new WorkspaceRepository(jdbc, clock) {
            @Override
            public long count() {
                long count = super.count();
                try {
                    allCounted.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return count;
            }
        };
        ControlPlaneBootstrap bootstrap = factory.apply(racing);

        ExecutorService pool = Executors.newFixedThreadPool(PROCESSES);
        List<Optional<IssuedApiKey>> results = new ArrayList<>();
        try {
            List<Callable<Optional<IssuedApiKey>>> starts = new ArrayList<>();
            for (int i = 0; i < PROCESSES; i++) {
                starts.add(() -> bootstrap.createFirstWorkspaceIfEmpty("Acme", Plan.FREE));
            }
            for (Future<Optional<IssuedApiKey>> result : pool.invokeAll(starts, 60, TimeUnit.SECONDS)) {
                results.add(result.get());
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(results).filteredOn(Optional::isPresent).hasSize(1);
        assertThat(workspaces.count()).isEqualTo(1);
        assertThat(countApiKeys()).isEqualTo(1);
    }

    private ControlPlaneBootstrap transactionalBootstrap(WorkspaceRepository workspaces, ApiKeyRepository keys) {
        TransactionOperations transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource()));
        return new ControlPlaneBootstrap(workspaces, keys, transactions);
    }

    private long countApiKeys() {
        return jdbc.sql("select count(*) from api_keys").query(Long.class).single();
    }
}
