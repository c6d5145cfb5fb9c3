package dev.spendline.cli.collector;

import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/** Delivers spooled rows to Spendline; what became of each row, by its {@code externalId}. */
interface RowSender extends AutoCloseable {

    /**
     * The answer for one send.
     *
     * @param delivered accepted (2xx)
     * @param rejected refused for good (4xx other than 401, 408, 429), with the service's reason
     * @param failure why the others were not settled (unreachable, 5xx, retries exhausted), or null
     */
    record Outcome(Set<String> delivered, Map<String, String> rejected, String failure) {}

    Outcome send(List<ObjectNode> rows);

    @Override
    default void close() {}
}
