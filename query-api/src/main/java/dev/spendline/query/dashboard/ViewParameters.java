package dev.spendline.query.dashboard;

import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.tools.ToolArguments;
import dev.spendline.contracts.validation.FieldError;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriUtils;

/**
 * The query string of a view that shows one read tool: the tool's own arguments, by the same names
 * as its REST report and its Ask link, plus the view's {@code format=csv} (the table as CSV) and
 * {@code fragment=<name>} (the part that refreshes live). A field left empty in a view's filter form
 * is read as not given, so that a GET form can offer every filter without sending empty ones.
 */
public final class ViewParameters {

    /** The query parameter of a live region's refresh, e.g. {@code fragment=table}. */
    public static final String FRAGMENT = "fragment";

    private ViewParameters() {}

    /** The tool's arguments: every parameter but the view's own, empty values left out. */
    public static ToolArguments toolArguments(MultiValueMap<String, String> parameters) {
        Map<String, List<String>> arguments = new LinkedHashMap<>();
        parameters.forEach((name, values) -> {
            if (name.equals(FRAGMENT) || name.equals(CsvExport.PARAMETER)) {
                return;
            }
            List<String> given =
                    values.stream().filter(v -> v != null && !v.isEmpty()).toList();
            if (!given.isEmpty()) {
                arguments.put(name, given);
            }
        });
        return ToolArguments.ofParameters(arguments);
    }

    /** Whether the view is asked for as CSV; any other {@code format} is refused. */
    public static boolean csv(MultiValueMap<String, String> parameters) {
        String format = parameters.getFirst(CsvExport.PARAMETER);
        if (format == null || format.isEmpty()) {
            return false;
        }
        if (!format.equals(CsvExport.VALUE)) {
            throw new InvalidArgumentsException(
                    List.of(new FieldError(CsvExport.PARAMETER, "must be csv, or left out for the page")));
        }
        return true;
    }

    /** The live fragment asked for: null for the whole page; one of {@code known} or refused. */
    public static String fragment(MultiValueMap<String, String> parameters, Set<String> known) {
        String fragment = parameters.getFirst(FRAGMENT);
        if (fragment == null || fragment.isEmpty()) {
            return null;
        }
        if (!known.contains(fragment)) {
            throw new InvalidArgumentsException(List.of(new FieldError(
                    FRAGMENT,
                    "must be one of "
                            + String.join(", ", known.stream().sorted().toList()))));
        }
        return fragment;
    }

    /**
     * This request's path and query with {@code name} set to {@code value}, relative to the host,
     * e.g. the live URL of a view or its CSV link. Built from the decoded parameters and encoded
     * again in full, so whatever a client sent (a raw {@code |}, a {@code +} in a name) comes back
     * as the same parameters.
     */
    public static String with(HttpServletRequest request, String name, String value) {
        StringJoiner query = new StringJoiner("&");
        request.getParameterMap().forEach((parameter, values) -> {
            if (parameter.equals(FRAGMENT) || parameter.equals(CsvExport.PARAMETER) || parameter.equals(name)) {
                return;
            }
            for (String v : values) {
                query.add(encode(parameter) + "=" + encode(v));
            }
        });
        query.add(encode(name) + "=" + encode(value));
        return request.getRequestURI() + "?" + query;
    }

    private static String encode(String text) {
        return UriUtils.encode(text, StandardCharsets.UTF_8);
    }
}
