package dev.spendline.controlplane;

import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionOperations;

/**
 * Creates the first workspace and its first API key on an empty database, so a fresh installation is usable
 * without a separate setup step.
 *
 * <p>Safe when several processes start at once: the first workspace is created only by the process that wins
 * the insert of a single-row claim table (a primary-key race the database decides); all others get empty.
 *
 * <p>Use {@link #ControlPlaneBootstrap(WorkspaceRepository, ApiKeyRepository, TransactionOperations)} with a
 * {@code TransactionTemplate} over the repositories' {@code DataSource} where possible: then claim, workspace
 * and key commit together. Without a transaction, a crash between the claim and the key being issued leaves
 * the database claimed but without a usable key, and a workspace and key must then be created by hand.
 */
public class ControlPlaneBootstrap {

    static final String DEFAULT_KEY_NAME = "default";

    private static final Logger log = LoggerFactory.getLogger(ControlPlaneBootstrap.class);

    private final WorkspaceRepository workspaces;
    private final ApiKeyRepository keys;
    private final TransactionOperations transactions;

    /** Without a surrounding transaction; see the class documentation for what that risks. */
    public ControlPlaneBootstrap(WorkspaceRepository workspaces, ApiKeyRepository keys) {
        this(workspaces, keys, TransactionOperations.withoutTransaction());
    }

    /**
     * @param transactions e.g. {@code new TransactionTemplate(new DataSourceTransactionManager(dataSource))},
     *     where {@code dataSource} is the one behind both repositories' {@code JdbcClient}
     */
    public ControlPlaneBootstrap(
            WorkspaceRepository workspaces, ApiKeyRepository keys, TransactionOperations transactions) {
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.transactions = Objects.requireNonNull(transactions, "transactions");
    }

    /**
     * When there are no workspaces yet, creates one plus an API key named {@code "default"} and returns that
     * key with its secret, which is shown nowhere else. Returns empty when any workspace exists or another
     * process is bootstrapping concurrently.
     */
    public Optional<IssuedApiKey> createFirstWorkspaceIfEmpty(String workspaceName, Plan plan) {
        WorkspaceRepository.requireName(workspaceName);
        Objects.requireNonNull(plan, "plan");
        try {
            return transactions.execute(status -> {
                if (workspaces.count() > 0) {
                    return Optional.<IssuedApiKey>empty();
                }
                workspaces.claimBootstrap();
                Workspace workspace = workspaces.create(workspaceName, plan);
                IssuedApiKey issued = keys.issue(workspace.id(), DEFAULT_KEY_NAME);
                log.info(
                        "Created first workspace {} with API key {}",
                        workspace.id(),
                        issued.key().id());
                return Optional.of(issued);
            });
        } catch (DuplicateKeyException lostRace) {
            // Thrown out of the transaction on purpose, so that it is rolled back before we answer.
            log.debug("Another process bootstrapped the control plane first", lostRace);
            return Optional.empty();
        }
    }
}
