package dev.spendline.query.dashboard.actions;

/**
 * The confirm form of a prepared action: the token (hidden) and the phrase the person typed. The
 * summary and the phrase to type ride along hidden only to show them again after a wrong phrase;
 * confirming checks the token and the typed phrase against the stored action, never these.
 */
public record ConfirmForm(String confirmationToken, String confirmationPhrase, String summary, String phraseToType) {}
