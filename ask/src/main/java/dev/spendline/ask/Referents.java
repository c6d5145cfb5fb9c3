package dev.spendline.ask;

import dev.spendline.contracts.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What "that one" means after an answer: the value the question named (its last filter: "how much
 * did gpt-4.1 cost", then "exclude that one"), else the first row of the answer ("spend by
 * customer", then "exclude that one" leaves out the top customer).
 */
final class Referents {

    /** The argument names that filter on a dimension: {@code tenant}, {@code model}... */
    static final Set<String> DIMENSIONS = Set.copyOf(Lexicon.FILTER_NAMES);

    private Referents() {}

    static AskContext.Referent of(ToolCall call, Record data) {
        List<String> filters = new ArrayList<>();
        call.arguments().forEach((name, value) -> {
            if (DIMENSIONS.contains(name) && value instanceof String) {
                filters.add(name);
            }
        });
        if (!filters.isEmpty()) {
            String last = filters.get(filters.size() - 1);
            return new AskContext.Referent(last, (String) call.arguments().get(last));
        }
        return data == null ? null : firstRow(call, Json.MAPPER.valueToTree(data));
    }

    private static AskContext.Referent firstRow(ToolCall call, JsonNode data) {
        JsonNode first = data.path("rows").path(0);
        if (first.isMissingNode()) {
            return null;
        }
        return switch (call.tool()) {
            case MARGIN_BY_CUSTOMER -> referent("tenant", first.path("tenantId"));
            case MARGIN_BY_FEATURE -> referent("feature", first.path("feature"));
            case SPEND_BY, COMPARE, TOP_WASTE -> {
                Object by = call.arguments().get("by");
                yield by instanceof String dimension && DIMENSIONS.contains(dimension)
                        ? referent(dimension, first.path("value"))
                        : null;
            }
            default -> null;
        };
    }

    private static AskContext.Referent referent(String dimension, JsonNode value) {
        return value.isString() && !value.asString().isBlank()
                ? new AskContext.Referent(dimension, value.asString())
                : null;
    }
}
