package dev.spendline.query.settings;

import java.util.Optional;

/**
 * The commands an operator runs for what the dashboard does not do itself, spelled exactly as this
 * installation runs them (the standalone knows its launcher and data directory). A deployment
 * without such a command has no bean: the pages then name no command rather than a wrong one.
 */
public interface OperatorCommands {

    /** The command that puts {@code workspaceId} on {@code plan}, ready to paste. */
    Optional<String> setPlan(String workspaceId, String plan);

    /** The command that re-drives {@code workspaceId}'s dead letters after a fix, ready to paste. */
    Optional<String> redriveDeadLetters(String workspaceId);
}
