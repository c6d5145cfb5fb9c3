package dev.spendline.controlplane.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.actions.ConfirmationRefusedException.Reason;
import dev.spendline.controlplane.actions.PreparedActions.Confirmed;
import dev.spendline.controlplane.actions.PreparedActions.Execution;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Prepare and confirm on H2 and PostgreSQL, with a clock the tests move by hand. */
class PreparedActionsTest extends DatabaseTest {

    private static final String PHRASE = "create budget 4821";

    private PreparedActions service;
    private Principal alice;
    private Principal bob; // another key of Alice's workspace
    private Principal mallory; // a key of another workspace
    private final AtomicInteger executions = new AtomicInteger();
    private final PreparedActions.Executor countingExecutor = action -> {
        int n = executions.incrementAndGet();
        return Execution.succeeded("{\"execution\":" + n + "}");
    };

    @BeforeEach
    void createPrincipals() {
        service = new PreparedActions(preparedActions, clock, Duration.ofSeconds(10));
        Workspace workspace = workspaces.create("Acme", Plan.TEAM);
        alice = principal(keys.issue(workspace.id(), "alice"));
        bob = principal(keys.issue(workspace.id(), "bob"));
        Workspace other = workspaces.create("Other", Plan.TEAM);
        mallory = principal(keys.issue(other.id(), "mallory"));
    }

    private static Principal principal(IssuedApiKey issued) {
        return Principal.apiKey(issued.key().workspaceId(), issued.key().id(), Plan.TEAM);
    }

    private IssuedConfirmation prepare() {
        return service.prepare(alice, "create_budget", "{\"name\":\"Support bot\"}", "Create a budget", PHRASE);
    }

    @Test
    void prepareStoresTheActionWithATenMinuteExpiryAndOnlyTheTokensHash() {
        IssuedConfirmation issued = prepare();

        assertThat(issued.token()).matches("sct_[A-Za-z0-9_-]{43}");
        assertThat(issued.toString()).doesNotContain(issued.token().substring(4));
        PreparedAction stored = preparedActions
                .findByTokenHash(ConfirmationTokens.hash(issued.token()))
                .orElseThrow();
        assertThat(stored).isEqualTo(issued.action());
        assertThat(stored.id()).matches("act_[a-z0-9]{20}");
        assertThat(stored.workspaceId()).isEqualTo(alice.workspaceId());
        assertThat(stored.credentialId()).isEqualTo(alice.credential().reference());
        assertThat(stored.status()).isEqualTo(PreparedActionStatus.PREPARED);
        assertThat(stored.createdAt()).isEqualTo(clock.instant());
        assertThat(stored.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(10)));
        assertThat(stored.result()).isNull();

        List<String> storedValues = new ArrayList<>();
        jdbc.sql("select * from prepared_actions").query(rs -> {
            for (int column = 1; column <= rs.getMetaData().getColumnCount(); column++) {
                storedValues.add(String.valueOf(rs.getObject(column)));
            }
        });
        assertThat(storedValues).contains(ConfirmationTokens.hash(issued.token()));
        assertThat(storedValues)
                .noneMatch(value -> value.contains(issued.token().substring(4)));
    }

    @Test
    void tokensAreRandom() {
        assertThat(prepare().token()).isNotEqualTo(prepare().token());
    }

    @Test
    void confirmExecutesOnceAndRepeatsReturnTheStoredResult() {
        IssuedConfirmation issued = prepare();

        Confirmed first = service.confirm(alice, issued.token(), PHRASE, countingExecutor);
        Confirmed again = service.confirm(alice, issued.token(), PHRASE, countingExecutor);

        assertThat(first.replayed()).isFalse();
        assertThat(first.action().status()).isEqualTo(PreparedActionStatus.SUCCEEDED);
        assertThat(first.action().result()).isEqualTo("{\"execution\":1}");
        assertThat(first.action().executedAt()).isEqualTo(clock.instant());
        assertThat(again.replayed()).isTrue();
        assertThat(again.action()).isEqualTo(first.action());
        assertThat(executions).hasValue(1);
    }

    @Test
    void aWrongPhraseIsRefusedAndDoesNotConsumeTheToken() {
        IssuedConfirmation issued = prepare();

        for (String wrong : new String[] {"create budget 4822", "Create budget 4821", PHRASE + " ", "", null}) {
            assertRefused(() -> service.confirm(alice, issued.token(), wrong, countingExecutor), Reason.WRONG_PHRASE);
        }
        assertThat(service.confirm(alice, issued.token(), PHRASE, countingExecutor)
                        .replayed())
                .isFalse();
        assertThat(executions).hasValue(1);
    }

    @Test
    void onlyTheCredentialThatPreparedMayConfirm() {
        IssuedConfirmation issued = prepare();

        assertRefused(() -> service.confirm(bob, issued.token(), PHRASE, countingExecutor), Reason.OTHER_CREDENTIAL);
        // The same id under another kind of credential is another credential.
        Principal grantWithTheKeysId = new Principal(
                alice.workspaceId(),
                new Credential(Credential.Kind.OAUTH_GRANT, alice.credential().id()),
                Plan.TEAM);
        assertRefused(
                () -> service.confirm(grantWithTheKeysId, issued.token(), PHRASE, countingExecutor),
                Reason.OTHER_CREDENTIAL);
        // Another workspace cannot even learn that the token exists.
        assertRefused(() -> service.confirm(mallory, issued.token(), PHRASE, countingExecutor), Reason.UNKNOWN_TOKEN);
        assertThat(executions).hasValue(0);
        assertThat(service.confirm(alice, issued.token(), PHRASE, countingExecutor)
                        .replayed())
                .isFalse();
    }

    @Test
    void unknownAndMalformedTokensAreUnknown() {
        prepare();

        assertRefused(
                () -> service.confirm(alice, ConfirmationTokens.generate(), PHRASE, countingExecutor),
                Reason.UNKNOWN_TOKEN);
        assertRefused(() -> service.confirm(alice, "sct_short", PHRASE, countingExecutor), Reason.UNKNOWN_TOKEN);
        assertRefused(() -> service.confirm(alice, null, PHRASE, countingExecutor), Reason.UNKNOWN_TOKEN);
        assertThat(executions).hasValue(0);
    }

    @Test
    void aTokenExpiresTenMinutesAfterPreparation() {
        IssuedConfirmation early = prepare();
        IssuedConfirmation late = prepare();

        clock.advance(Duration.ofMinutes(10).minusNanos(1_000));
        assertThat(service.confirm(alice, early.token(), PHRASE, countingExecutor)
                        .action()
                        .status())
                .isEqualTo(PreparedActionStatus.SUCCEEDED);
        clock.advance(Duration.ofNanos(1_000));
        assertRefused(() -> service.confirm(alice, late.token(), PHRASE, countingExecutor), Reason.EXPIRED);
        assertThat(preparedActions.findById(late.action().id()).orElseThrow().status())
                .isEqualTo(PreparedActionStatus.PREPARED);
        // A finished action still answers with its stored result after expiry, without executing again.
        assertThat(service.confirm(alice, early.token(), PHRASE, countingExecutor)
                        .replayed())
                .isTrue();
        assertThat(executions).hasValue(1);
    }

    @Test
    void aFinalFailureIsStoredAndReplayed() {
        IssuedConfirmation issued = prepare();
        String problem = "{\"code\":\"alert_not_open\",\"detail\":\"resolved meanwhile\"}";

        Confirmed failed = service.confirm(alice, issued.token(), PHRASE, action -> Execution.failed(problem));
        Confirmed again = service.confirm(alice, issued.token(), PHRASE, countingExecutor);

        assertThat(failed.action().status()).isEqualTo(PreparedActionStatus.FAILED);
        assertThat(failed.action().result()).isEqualTo(problem);
        assertThat(again.replayed()).isTrue();
        assertThat(again.action()).isEqualTo(failed.action());
        assertThat(executions).hasValue(0);
    }

    @Test
    void anExecutionThatThrowsReturnsTheActionToPreparedSoItCanBeRetried() {
        IssuedConfirmation issued = prepare();

        assertThatThrownBy(() -> service.confirm(alice, issued.token(), PHRASE, action -> {
                    throw new IllegalStateException("Kafka is down");
                }))
                .hasMessage("Kafka is down");
        PreparedAction released = preparedActions.findById(issued.action().id()).orElseThrow();
        assertThat(released.status()).isEqualTo(PreparedActionStatus.PREPARED);
        assertThat(released.executedAt()).isNull();

        assertThat(service.confirm(alice, issued.token(), PHRASE, countingExecutor)
                        .replayed())
                .isFalse();
        assertThat(executions).hasValue(1);
    }

    @Test
    void aConfirmationWhileAnotherExecutesWaitsThenAnswersInProgress() {
        IssuedConfirmation issued = prepare();
        assertThat(preparedActions.claim(issued.action().id(), clock.instant())).isTrue();
        PreparedActions impatient = new PreparedActions(preparedActions, clock, Duration.ofMillis(100));

        assertRefused(() -> impatient.confirm(alice, issued.token(), PHRASE, countingExecutor), Reason.IN_PROGRESS);
        assertThat(executions).hasValue(0);
    }

    @Test
    void twentyConcurrentConfirmationsExecuteExactlyOnceAndAllGetTheSameResult() throws Exception {
        IssuedConfirmation issued = prepare();
        PreparedActions.Executor slow = action -> {
            int n = executions.incrementAndGet();
            LockSupport.parkNanos(Duration.ofMillis(200)
                    .toNanos()); // long enough for every other thread to find the action executing
            return Execution.succeeded("{\"execution\":" + n + "}");
        };
        int threads = 20;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Confirmed>> answers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return service.confirm(alice, issued.token(), PHRASE, slow);
                }));
            }
            start.countDown();
            List<Confirmed> confirmed = new ArrayList<>();
            for (Future<Confirmed> answer : answers) {
                confirmed.add(answer.get());
            }

            assertThat(executions).hasValue(1);
            assertThat(confirmed).filteredOn(c -> !c.replayed()).hasSize(1);
            assertThat(confirmed).extracting(c -> c.action().result()).containsOnly("{\"execution\":1}");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theClaimIsExactlyOnceUnderConcurrency() throws Exception {
        IssuedConfirmation issued = prepare();
        int threads = 20;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                claims.add(pool.submit(() -> {
                    start.await();
                    return preparedActions.claim(issued.action().id(), clock.instant());
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> claim : claims) {
                won += claim.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void rowsAreDeletedSevenDaysAfterExpiry() {
        IssuedConfirmation old = prepare();
        service.confirm(alice, old.token(), PHRASE, countingExecutor);

        clock.advance(PreparedActions.LIFETIME.plus(PreparedActions.RETENTION));
        IssuedConfirmation kept = prepare(); // expired exactly RETENTION ago: not yet deleted
        assertThat(preparedActions.findById(old.action().id())).isPresent();
        clock.advance(Duration.ofSeconds(1));
        prepare();

        assertThat(preparedActions.findById(old.action().id())).isEmpty();
        assertThat(preparedActions.findById(kept.action().id())).isPresent();
        assertRefused(() -> service.confirm(alice, old.token(), PHRASE, countingExecutor), Reason.UNKNOWN_TOKEN);
    }

    @Test
    void theSchemaRejectsAnUnknownStatusAndADuplicateTokenHash() {
        IssuedConfirmation issued = prepare();
        assertThatThrownBy(() ->
                        jdbc.sql("update prepared_actions set status = 'DONE'").update())
                .isInstanceOf(org.springframework.dao.DataIntegrityViolationException.class);
        PreparedAction copy = new PreparedAction(
                "act_copy",
                alice.workspaceId(),
                alice.credential().reference(),
                "create_budget",
                "{}",
                "s",
                PHRASE,
                clock.instant(),
                clock.instant(),
                PreparedActionStatus.PREPARED,
                null,
                null);
        assertThatThrownBy(() -> preparedActions.insert(copy, ConfirmationTokens.hash(issued.token())))
                .isInstanceOf(org.springframework.dao.DataIntegrityViolationException.class);
    }

    private static void assertRefused(Runnable call, Reason reason) {
        assertThatThrownBy(call::run)
                .isInstanceOf(ConfirmationRefusedException.class)
                .extracting(e -> ((ConfirmationRefusedException) e).reason())
                .isEqualTo(reason);
    }
}
