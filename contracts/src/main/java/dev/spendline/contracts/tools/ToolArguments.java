package dev.spendline.contracts.tools;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one read tool call by name, as text: the query parameters of a REST report, the
 * arguments of an Ask tool call or of an MCP {@code tools/call}. One shape, so one reader per tool
 * ({@link ToolArgumentReaders}) serves every surface. A name carries several values when a URL
 * repeats it or a JSON argument is an array; the readers refuse that except for {@code exclude}.
 */
public final class ToolArguments {

    private final Map<String, List<String>> values;

    private ToolArguments(Map<String, List<String>> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** Arguments as a URL's query string gives them: each name with every value it was given. */
    public static ToolArguments ofParameters(Map<String, ? extends List<String>> parameters) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        parameters.forEach((name, list) -> copy.put(name, List.copyOf(list)));
        return new ToolArguments(copy);
    }

    /**
     * Arguments of a JSON object: a value is read as its text ({@code 20} as "20"); an array gives
     * its elements as the name's values, as a repeated query parameter does ({@code exclude}).
     */
    public static ToolArguments of(Map<String, ?> arguments) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        arguments.forEach((name, value) -> copy.put(
                name,
                value instanceof java.util.Collection<?> list
                        ? list.stream().map(String::valueOf).toList()
                        : List.of(String.valueOf(value))));
        return new ToolArguments(copy);
    }

    /** Every value of {@code name}, in order; empty when it was not given. */
    public List<String> all(String name) {
        List<String> list = values.get(name);
        return list == null ? List.of() : list;
    }

    /** The first value of {@code name}; null when it was not given. */
    public String first(String name) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() ? null : list.get(0);
    }

    /** How many values {@code name} was given. */
    public int count(String name) {
        List<String> list = values.get(name);
        return list == null ? 0 : list.size();
    }

    /** The names given, in order. */
    public Set<String> names() {
        return values.keySet();
    }
}
