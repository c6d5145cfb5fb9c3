package dev.spendline.topics;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Every topic Spendline reads or writes. Keys are workspace ids, so all state of a workspace lives
 * in one partition (see docs/architecture.md).
 */
public final class Topics {

    /** Workspace ids as keys: Kafka's String serde whose deserializer returns recent keys' instances. */
    private static final Serde<String> WORKSPACE_KEYS =
            Serdes.serdeFrom(new StringSerializer(), new RecentKeyDeserializer());

    /**
     * Accepted product events. Retention must be at least the dedupe horizon. Values are written in
     * {@code AcceptedEventCodec}'s binary format; the JSON of older versions still reads
     * ({@link AcceptedEventSerde}).
     */
    public static final Topic<String, AcceptedEvent> EVENTS =
            new Topic<>("spendline.events.v1", WORKSPACE_KEYS, new AcceptedEventSerde());

    /** Accepted internal AI-tool usage rows. */
    public static final Topic<String, AcceptedUsageRow> INTERNAL_USAGE =
            new Topic<>("spendline.internal-usage.v1", WORKSPACE_KEYS, new JsonSerde<>(AcceptedUsageRow.class));

    /**
     * Customer revenue per tenant and month, keyed by {@link RevenueRow#key} and compacted. Records
     * go to the partition of their workspace id ({@link #partitionOf}), like the events, so a
     * workspace's revenue and costs are in one stream task.
     */
    public static final Topic<String, RevenueRow> REVENUE =
            new Topic<>("spendline.revenue.v1", Serdes.String(), new JsonSerde<>(RevenueRow.class));

    /**
     * Budget definitions keyed by {@link Budget#key} and compacted; records go to their
     * workspace's partition like {@link #REVENUE}.
     */
    public static final Topic<String, Budget> BUDGETS =
            new Topic<>("spendline.budgets.v1", Serdes.String(), new JsonSerde<>(Budget.class));

    /**
     * Alert snoozes keyed by {@code Alert.key} (workspace and alert id) and compacted; records go
     * to their workspace's partition like {@link #REVENUE}.
     */
    public static final Topic<String, AlertSnooze> ALERT_SNOOZES =
            new Topic<>("spendline.alert-snoozes.v1", Serdes.String(), new JsonSerde<>(AlertSnooze.class));

    /**
     * Experiment guardrails keyed by {@code ExperimentGuardrail.key} (workspace and experiment id)
     * and compacted; records go to their workspace's partition like {@link #REVENUE}.
     */
    public static final Topic<String, ExperimentGuardrail> GUARDRAILS =
            new Topic<>("spendline.guardrails.v1", Serdes.String(), new JsonSerde<>(ExperimentGuardrail.class));

    /**
     * Every change of an alert (opened, updated, resolved), keyed by workspace id: the public
     * stream for real-time consumers. Schema: docs/alerts.md.
     */
    public static final Topic<String, Alert> ALERTS =
            new Topic<>("spendline.alerts.v1", Serdes.String(), new JsonSerde<>(Alert.class));

    /**
     * Records the topology could not read or process (poison records), written by Kafka Streams'
     * dead-letter queue (KIP-1034) in the transaction that skips them: the original key and value
     * bytes, the original headers, and {@code __streams.errors.*} headers with the exception, the
     * source topic, partition and offset. Each goes to the partition of its source record, which is
     * its workspace's partition. Read by the dead-letter count and by the re-drive command
     * (docs/operations.md, "Dead letters").
     */
    public static final Topic<String, byte[]> DEAD_LETTERS =
            new Topic<>("spendline.dead-letters.v1", Serdes.String(), Serdes.ByteArray());

    /** The input topics that standalone and tests create up front (retention by time). */
    public static final List<Topic<String, ?>> INPUTS = List.of(EVENTS, INTERNAL_USAGE);

    /** The settings topics, created compacted ({@code cleanup.policy=compact}). */
    public static final List<Topic<String, ?>> SETTINGS = List.of(REVENUE, BUDGETS, ALERT_SNOOZES, GUARDRAILS);

    /**
     * The topics the topology writes (retention by time): the alert stream for consumers outside
     * Spendline, and the dead letters (which the topology reads back to count them).
     */
    public static final List<Topic<String, ?>> OUTPUTS = List.of(ALERTS, DEAD_LETTERS);

    /**
     * The partition Kafka's default partitioner gives a record keyed by {@code workspaceId}. Topics
     * whose keys are longer than the workspace id use it so that every record of a workspace lands
     * in the same partition number.
     */
    public static int partitionOf(String workspaceId, int partitions) {
        return Utils.toPositive(Utils.murmur2(workspaceId.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    private Topics() {}
}
