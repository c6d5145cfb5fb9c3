package dev.spendline.contracts.topic;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;

/**
 * Every topic Spendline reads or writes. Keys are workspace ids, so all state of a workspace lives
 * in one partition (see docs/architecture.md).
 */
public final class Topics {

    /** Accepted product events. Retention must be at least the dedupe horizon. */
    public static final Topic<String, AcceptedEvent> EVENTS =
            new Topic<>("spendline.events.v1", Serdes.String(), new JsonSerde<>(AcceptedEvent.class));

    /** Accepted internal AI-tool usage rows. */
    public static final Topic<String, AcceptedUsageRow> INTERNAL_USAGE =
            new Topic<>("spendline.internal-usage.v1", Serdes.String(), new JsonSerde<>(AcceptedUsageRow.class));

    /** The input topics that standalone and tests create up front. */
    public static final List<Topic<String, ?>> INPUTS = List.of(EVENTS, INTERNAL_USAGE);

    private Topics() {}
}
