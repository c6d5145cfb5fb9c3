package dev.spendline.query.dashboard.actions;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.query.action.ActionService;
import java.time.Instant;
import java.util.List;

/**
 * The write-action box of a dashboard page, in one of three states: {@code PREPARED} (the summary,
 * the phrase to type and the confirm form), {@code DONE} (executed, or the stored result of an
 * earlier confirmation), {@code REFUSED} (nothing was done, and why; {@code retry} holds the
 * confirm form again when the same token may still be confirmed).
 */
public record ActionPanel(
        State state,
        String title,
        String detail,
        List<String> problems,
        String summary,
        String token,
        String phrase,
        Instant expiresAt,
        Instant executedAt,
        boolean replayed,
        ConfirmForm retry) {

    public enum State {
        PREPARED,
        DONE,
        REFUSED
    }

    static ActionPanel prepared(ActionService.Prepared prepared) {
        return new ActionPanel(
                State.PREPARED,
                "Confirm to go ahead",
                "Nothing has changed yet. Type the phrase exactly to confirm, within 10 minutes.",
                List.of(),
                prepared.summary(),
                prepared.confirmationToken(),
                prepared.confirmationPhrase(),
                prepared.expiresAt(),
                null,
                false,
                null);
    }

    static ActionPanel done(ActionService.Confirmation confirmation) {
        return new ActionPanel(
                State.DONE,
                confirmation.replayed() ? "Already done" : "Done",
                confirmation.replayed()
                        ? "This action was already confirmed; it was not done again."
                        : "Confirmed. It can take a second to show in the figures below.",
                List.of(),
                confirmation.summary(),
                null,
                null,
                null,
                confirmation.executedAt(),
                confirmation.replayed(),
                null);
    }

    static ActionPanel refused(ProblemException problem, ConfirmForm retry) {
        return new ActionPanel(
                State.REFUSED,
                problem.title(),
                problem.detail(),
                problem.errors().stream()
                        .map(e -> field(e.pointer()) + " " + e.message())
                        .toList(),
                retry == null ? null : retry.summary(),
                null,
                null,
                null,
                null,
                false,
                retry);
    }

    /** {@code /limitUsd} as {@code limitUsd}: the form field's name. */
    private static String field(String pointer) {
        return pointer.startsWith("/") ? pointer.substring(1) : pointer;
    }

    public boolean isPrepared() {
        return state == State.PREPARED;
    }

    public boolean isDone() {
        return state == State.DONE;
    }

    public boolean isRefused() {
        return state == State.REFUSED;
    }
}
