package dev.spendline.gateway.ingest;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageReader;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One kind of input the gateway accepts: how a single item is read, what the batch wrapper's
 * array is called, and which topic accepted items go to.
 */
record IngestKind<T, V>(
        String name, String batchField, ItemReader<T> reader, Topic<String, V> topic, Envelope<T, V> envelope) {

    static final IngestKind<?, AcceptedEvent> EVENTS =
            new IngestKind<>("events", "events", ProductEventReader::read, Topics.EVENTS, AcceptedEvent::of);

    static final IngestKind<?, AcceptedUsageRow> INTERNAL_USAGE = new IngestKind<>(
            "internal_usage", "rows", InternalUsageReader::read, Topics.INTERNAL_USAGE, AcceptedUsageRow::of);

    @FunctionalInterface
    interface ItemReader<T> {
        T read(JsonNode node, String pointer, Instant receivedAt, List<FieldError> errors);
    }

    @FunctionalInterface
    interface Envelope<T, V> {
        V wrap(String workspaceId, Instant receivedAt, T item);
    }
}
