package dev.spendline.contracts.tools;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Clock;

/**
 * Reads one read tool's arguments into its query record for a workspace, with the tool's defaults
 * (a range ending now, a default limit) taken from {@code clock}.
 *
 * @param <Q> the tool's query record
 */
@FunctionalInterface
public interface ArgumentReader<Q extends WorkspaceQuery> {

    /** @throws InvalidArgumentsException listing every problem, when the arguments cannot be read */
    Q read(String workspaceId, ToolArguments arguments, Clock clock);
}
