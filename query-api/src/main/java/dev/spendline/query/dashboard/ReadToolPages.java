package dev.spendline.query.dashboard;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.tools.ToolArguments;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * What every report view does with its query string: reads it as its read tool's arguments (the
 * parameters of the same names that Ask's dashboard links carry, docs/ask.md) and answers the
 * tool's report for the signed-in workspace, so a link from an answer opens the same figures.
 *
 * <p>Two differences from the REST report, both for HTML forms: {@code format=csv} asks for the
 * view's table as CSV, and a parameter sent empty means "no filter" (a filter form sends every
 * field, filled or not). Anything else the tool refuses is refused here too, as {@link
 * InvalidArgumentsException}, which {@link DashboardErrors} shows as a 400 page.
 */
public final class ReadToolPages {

    private final Queries queries;
    private final Clock clock;

    ReadToolPages(Queries queries, Clock clock) {
        this.queries = queries;
        this.clock = clock;
    }

    /**
     * The tool's answer for the view's query parameters.
     *
     * @throws InvalidArgumentsException every problem with the parameters; nothing was read
     */
    public <A> A answer(ReadTool tool, Class<A> answer, Principal principal, MultiValueMap<String, String> params) {
        return answer.cast(tool.answer(queries, tool.read(principal.workspaceId(), arguments(params), clock)));
    }

    /**
     * The parameters as the tool's arguments: without {@code format} (only {@code csv} is known)
     * and without empty values.
     */
    static ToolArguments arguments(MultiValueMap<String, String> params) {
        List<FieldError> errors = new ArrayList<>();
        MultiValueMap<String, String> kept = new LinkedMultiValueMap<>();
        params.forEach((name, values) -> {
            if (name.equals(CsvExport.PARAMETER)) {
                if (!values.equals(List.of(CsvExport.VALUE))) {
                    errors.add(new FieldError(name, "must be csv (the table as a download) or left out"));
                }
                return;
            }
            List<String> filled =
                    values.stream().filter(v -> v != null && !v.isEmpty()).toList();
            if (!filled.isEmpty()) {
                kept.put(name, filled);
            }
        });
        if (!errors.isEmpty()) {
            throw new InvalidArgumentsException(errors);
        }
        return ToolArguments.ofParameters(kept);
    }

    /** The first value of each parameter, for refilling the view's filter form. */
    public static Map<String, String> filters(MultiValueMap<String, String> params) {
        Map<String, String> first = new LinkedHashMap<>();
        params.forEach((name, values) -> first.put(name, values.isEmpty() ? "" : values.get(0)));
        return first;
    }

    /** The view's own URL with {@code format=csv}: the same parameters, so the same rows. */
    public static String csvLink(String path, MultiValueMap<String, String> params) {
        MultiValueMap<String, String> parameters = new LinkedMultiValueMap<>(params);
        parameters.set(CsvExport.PARAMETER, CsvExport.VALUE);
        return QueryLinks.of(path, parameters);
    }
}
