package dev.spendline.controlplane.actions;

import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.actions.ConfirmationRefusedException.Reason;
import dev.spendline.controlplane.support.RandomIds;
import dev.spendline.controlplane.support.Timestamps;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Prepare and confirm for write actions, independent of what the actions do: prepare stores the action under
 * the hash of a new token and changes nothing else; confirm checks the token, the credential and the phrase,
 * claims the action atomically so that it executes exactly once however many confirmations race, stores the
 * result, and returns that stored result to every later confirmation.
 *
 * <p>Checks run in a fixed order, each only after the previous passed: token known and of the caller's
 * workspace (else {@link Reason#UNKNOWN_TOKEN}), same credential ({@link Reason#OTHER_CREDENTIAL}), exact
 * phrase ({@link Reason#WRONG_PHRASE}), then the status: a finished action is replayed (even after expiry),
 * a prepared one must be unexpired ({@link Reason#EXPIRED}), and an executing one is waited for up to
 * {@code resultWait} ({@link Reason#IN_PROGRESS}).
 */
public class PreparedActions {

    /** How long a token can be confirmed after it was prepared. */
    public static final Duration LIFETIME = Duration.ofMinutes(10);
    /** How long rows stay after expiry, so a late repeat still gets the stored result; then they are deleted. */
    public static final Duration RETENTION = Duration.ofDays(7);

    private static final long POLL_MILLIS = 20;

    /** Executes one claimed action; called at most once per action, by the confirmation that claimed it. */
    @FunctionalInterface
    public interface Executor {
        /**
         * @return the outcome to store; throwing instead means "did not execute" (e.g. Kafka unavailable): the
         *     action returns to PREPARED, the exception propagates, and a later confirmation may retry
         */
        Execution execute(PreparedAction action);
    }

    /** What an execution stored: the result JSON on success, {@code {code, detail}} JSON on a final failure. */
    public record Execution(PreparedActionStatus status, String result) {
        public static Execution succeeded(String resultJson) {
            return new Execution(PreparedActionStatus.SUCCEEDED, resultJson);
        }

        public static Execution failed(String problemJson) {
            return new Execution(PreparedActionStatus.FAILED, problemJson);
        }
    }

    /**
     * A confirmation's answer: the action in its final status with its stored result.
     *
     * @param replayed false only for the one confirmation that executed the action
     */
    public record Confirmed(PreparedAction action, boolean replayed) {}

    private final PreparedActionRepository repository;
    private final Clock clock;
    private final Duration resultWait;

    /**
     * @param clock decides creation and expiry times (inject a test clock to test expiry)
     * @param resultWait how long a confirmation that lost the race waits for the winner's result before
     *     answering {@link Reason#IN_PROGRESS}; measured in real time, not by {@code clock}
     */
    public PreparedActions(PreparedActionRepository repository, Clock clock, Duration resultWait) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.resultWait = Objects.requireNonNull(resultWait, "resultWait");
    }

    /**
     * Stores an action for confirmation within {@link #LIFETIME}. Changes nothing else. Also deletes rows past
     * their {@link #RETENTION}, which keeps the table small without a scheduler.
     */
    public IssuedConfirmation prepare(
            Principal principal, String action, String arguments, String summary, String phrase) {
        Instant now = Timestamps.now(clock);
        repository.deleteExpiredBefore(now.minus(RETENTION));
        String token = ConfirmationTokens.generate();
        PreparedAction prepared = new PreparedAction(
                RandomIds.next("act_"),
                principal.workspaceId(),
                principal.credential().reference(),
                action,
                arguments,
                summary,
                phrase,
                now,
                now.plus(LIFETIME),
                PreparedActionStatus.PREPARED,
                null,
                null);
        repository.insert(prepared, ConfirmationTokens.hash(token));
        return new IssuedConfirmation(prepared, token);
    }

    /**
     * Confirms an action: executes it through {@code executor} if this call wins the claim, otherwise returns
     * the stored result.
     *
     * @throws ConfirmationRefusedException when nothing was executed and there is no result to return
     */
    public Confirmed confirm(Principal principal, String token, String phrase, Executor executor) {
        PreparedAction action = (ConfirmationTokens.looksLikeToken(token)
                        ? repository.findByTokenHash(ConfirmationTokens.hash(token))
                        : Optional.<PreparedAction>empty())
                .filter(found -> found.workspaceId().equals(principal.workspaceId()))
                .orElseThrow(() -> new ConfirmationRefusedException(Reason.UNKNOWN_TOKEN));
        if (!action.credentialId().equals(principal.credential().reference())) {
            throw new ConfirmationRefusedException(Reason.OTHER_CREDENTIAL);
        }
        if (!exact(action.phrase(), phrase)) {
            throw new ConfirmationRefusedException(Reason.WRONG_PHRASE);
        }
        long waitUntil = System.nanoTime() + resultWait.toNanos();
        while (true) {
            switch (action.status()) {
                case SUCCEEDED, FAILED -> {
                    return new Confirmed(action, true);
                }
                case PREPARED -> {
                    Instant now = Timestamps.now(clock);
                    if (action.expiredAt(now)) {
                        throw new ConfirmationRefusedException(Reason.EXPIRED);
                    }
                    if (repository.claim(action.id(), now)) {
                        return execute(action, executor);
                    }
                    // Lost the claim (or it expired in between): re-read and decide again, without waiting.
                }
                case EXECUTING -> {
                    if (System.nanoTime() - waitUntil > 0) {
                        throw new ConfirmationRefusedException(Reason.IN_PROGRESS);
                    }
                    sleep();
                }
            }
            action = repository
                    .findById(action.id())
                    // Deleted under us: only possible long after expiry, when the retention purge ran.
                    .orElseThrow(() -> new ConfirmationRefusedException(Reason.UNKNOWN_TOKEN));
        }
    }

    private Confirmed execute(PreparedAction action, Executor executor) {
        Execution execution;
        try {
            execution = Objects.requireNonNull(executor.execute(action), "execution");
        } catch (RuntimeException e) {
            repository.release(action.id());
            throw e;
        }
        repository.finish(action.id(), execution.status(), execution.result());
        return new Confirmed(
                repository.findById(action.id()).orElseThrow(() -> new IllegalStateException("vanished")), false);
    }

    // Constant-time, although the token already carries all the secrecy: cheap, and one less thing to argue.
    private static boolean exact(String expected, String given) {
        return given != null
                && MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    private static void sleep() {
        try {
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfirmationRefusedException(Reason.IN_PROGRESS);
        }
    }
}
