package dev.spendline.gateway.ingest;

import dev.spendline.contracts.validation.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Turns a parsed body into the items of one request: a single object, or an object whose only
 * field is the batch array ({@code events} or {@code rows}). The batch is all or nothing: every
 * problem of every item is collected, and if there is any, no item is returned.
 */
final class BatchParser {

    private final int maxItems;

    BatchParser(int maxItems) {
        this.maxItems = maxItems;
    }

    sealed interface Result<V> {}

    record Accepted<V>(List<V> values) implements Result<V> {}

    record Invalid<V>(List<FieldError> errors) implements Result<V> {}

    record TooMany<V>(int count) implements Result<V> {}

    <T, V> Result<V> parse(JsonNode root, IngestKind<T, V> kind, String workspaceId, Instant receivedAt) {
        List<FieldError> errors = new ArrayList<>();
        List<V> values = new ArrayList<>();
        if (root.isObject() && root.has(kind.batchField())) {
            JsonNode items = root.get(kind.batchField());
            for (Map.Entry<String, JsonNode> field : root.properties()) {
                if (!field.getKey().equals(kind.batchField())) {
                    errors.add(
                            new FieldError("/" + FieldError.escape(field.getKey()), "is not a known field of a batch"));
                }
            }
            String base = "/" + kind.batchField();
            if (!items.isArray()) {
                errors.add(new FieldError(base, "must be an array"));
                return new Invalid<>(errors);
            }
            if (items.isEmpty()) {
                errors.add(new FieldError(base, "must contain at least one item"));
                return new Invalid<>(errors);
            }
            if (items.size() > maxItems) {
                return new TooMany<>(items.size());
            }
            int i = 0;
            for (JsonNode item : items.values()) {
                T read = kind.reader().read(item, base + "/" + i++, receivedAt, errors);
                if (read != null) {
                    values.add(kind.envelope().wrap(workspaceId, receivedAt, read));
                }
            }
        } else {
            T read = kind.reader().read(root, "", receivedAt, errors);
            if (read != null) {
                values.add(kind.envelope().wrap(workspaceId, receivedAt, read));
            }
        }
        return errors.isEmpty() ? new Accepted<>(values) : new Invalid<>(errors);
    }
}
