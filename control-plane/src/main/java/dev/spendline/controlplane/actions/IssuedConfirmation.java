package dev.spendline.controlplane.actions;

/**
 * A freshly prepared action and its confirmation token. The token is the only copy (the database keeps its
 * hash): hand it to the caller once. {@link #toString} leaves it out so it cannot end up in logs.
 */
public record IssuedConfirmation(PreparedAction action, String token) {

    @Override
    public String toString() {
        return "IssuedConfirmation[action=" + action + ", token=" + ConfirmationTokens.PREFIX + "…]";
    }
}
