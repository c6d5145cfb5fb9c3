package dev.spendline.query.mcp;

import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.tools.ToolArguments;
import dev.spendline.contracts.validation.FieldError;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code tools/call}'s JSON arguments as the read tools' one argument shape ({@link
 * ToolArguments}), so the reader that checks a REST report's query parameters checks them too.
 * Every argument of a read tool is one string or number, except {@code exclude}, a list of them
 * (the repeated query parameter of REST); a {@code null} counts as left out (models often send
 * optional arguments as null); any other list, and any object, is refused by name.
 */
final class McpArguments {

    /** The one argument that is a list: {@code exclude}, each element {@code dimension:value}. */
    private static final String EXCLUDE = "exclude";

    private McpArguments() {}

    static ToolArguments of(Map<String, Object> arguments) {
        if (arguments == null) {
            return ToolArguments.of(Map.of());
        }
        Map<String, Object> values = new LinkedHashMap<>();
        List<FieldError> errors = new ArrayList<>();
        arguments.forEach((name, value) -> {
            if (EXCLUDE.equals(name)
                    && value instanceof Collection<?> list
                    && list.stream().allMatch(v -> v instanceof String || v instanceof Number)) {
                values.put(name, List.copyOf(list));
            } else if (EXCLUDE.equals(name) && value instanceof Collection<?>) {
                errors.add(new FieldError(name, "must be a list of dimension:value strings"));
            } else if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
                errors.add(new FieldError(name, "must be a single value (a string or a number), not a list or object"));
            } else if (value != null) {
                values.put(name, value);
            }
        });
        if (!errors.isEmpty()) {
            throw new InvalidArgumentsException(errors);
        }
        return ToolArguments.of(values);
    }
}
