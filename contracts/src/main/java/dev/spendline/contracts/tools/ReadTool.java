package dev.spendline.contracts.tools;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Clock;
import java.util.Set;

/**
 * The read tools, each declared once: its public name (the MCP and Ask tool name), its
 * description and schemas (the published files, served from the jar), the
 * {@link QueryType} that carries its argument and answer records, its REST path, the reader of its
 * arguments, and its JSON Schemas in {@code docs/schemas/tools/<name>.input.schema.json} and
 * {@code .output.schema.json}. The REST reports, the Ask tool call and the MCP tool are derived
 * from this declaration; the streams side answers the {@link QueryType}.
 */
public enum ReadTool {
    SPEND_BY(QueryType.SPEND_BY, "/api/v1/reports/spend", ToolArgumentReaders::spend, null),
    MARGIN_BY_CUSTOMER(
            QueryType.MARGIN_BY_CUSTOMER,
            "/api/v1/reports/margin/customers",
            ToolArgumentReaders::margin,
            ToolArgumentReaders.MARGIN_PARAMETERS),
    MARGIN_BY_FEATURE(
            QueryType.MARGIN_BY_FEATURE,
            "/api/v1/reports/margin/features",
            ToolArgumentReaders::margin,
            ToolArgumentReaders.MARGIN_PARAMETERS),
    TOP_WASTE(
            QueryType.TOP_WASTE,
            "/api/v1/reports/waste",
            ToolArgumentReaders::waste,
            ToolArgumentReaders.WASTE_PARAMETERS),
    SAVINGS_RECOMMENDATIONS(
            QueryType.SAVINGS_RECOMMENDATIONS,
            "/api/v1/reports/savings",
            ToolArgumentReaders::savings,
            ToolArgumentReaders.SAVINGS_PARAMETERS),
    BUDGET_STATUS(
            QueryType.BUDGET_STATUS,
            "/api/v1/reports/budget-status",
            ToolArgumentReaders::budgetStatus,
            ToolArgumentReaders.BUDGET_PARAMETERS),
    ACTIVE_ALERTS(
            QueryType.ACTIVE_ALERTS,
            "/api/v1/reports/active-alerts",
            ToolArgumentReaders::activeAlerts,
            ToolArgumentReaders.ALERT_PARAMETERS),
    /** The spend or a margin report over two periods, value by value. */
    COMPARE(QueryType.COMPARE, "/api/v1/reports/compare", CompareArguments::read, null);

    private final QueryType<?, ?> type;
    private final String path;
    private final ArgumentReader<?> reader;
    private final Set<String> parameters;

    ReadTool(QueryType<?, ?> type, String path, ArgumentReader<?> reader, Set<String> parameters) {
        this.type = type;
        this.path = path;
        this.reader = reader;
        this.parameters = parameters;
    }

    public String toolName() {
        return type.name();
    }

    public QueryType<?, ?> type() {
        return type;
    }

    /** The REST report: {@code GET} this path, the arguments as query parameters. */
    public String path() {
        return path;
    }

    public Class<? extends WorkspaceQuery> arguments() {
        return type.argumentType();
    }

    public Class<?> answer() {
        return type.answerType();
    }

    /**
     * The names of the tool's arguments. {@code spend_by} and {@code compare} also take every
     * dimension of the chosen usage as a filter: their fixed names are {@link #fixedParameters()}
     * and this is null.
     */
    public Set<String> parameters() {
        return parameters;
    }

    /** The names every call may carry: the parameters, or for {@code spend_by} its non-filter names. */
    public Set<String> fixedParameters() {
        if (parameters != null) {
            return parameters;
        }
        return this == COMPARE ? CompareArguments.FIXED : ToolArgumentReaders.SPEND_FIXED;
    }

    public String inputSchemaFile() {
        return toolName() + ".input.schema.json";
    }

    public String outputSchemaFile() {
        return toolName() + ".output.schema.json";
    }

    /** The published input schema (JSON text), from the jar: the one copy is docs/schemas/tools. */
    public String inputSchema() {
        return ToolSchemas.text(inputSchemaFile());
    }

    /** The published output schema (JSON text). */
    public String outputSchema() {
        return ToolSchemas.text(outputSchemaFile());
    }

    /** What the tool answers, for people and models choosing a tool: the input schema's description. */
    public String description() {
        return ToolSchemas.description(inputSchemaFile());
    }

    /**
     * Reads the arguments into the tool's query for the workspace.
     *
     * @throws InvalidArgumentsException with every problem
     */
    public WorkspaceQuery read(String workspaceId, ToolArguments arguments, Clock clock) {
        return reader.read(workspaceId, arguments, clock);
    }

    /** Runs a query of this tool ({@link #read}) and answers the tool's answer record. */
    public Object answer(Queries queries, WorkspaceQuery query) {
        return answer(type, queries, query);
    }

    private static <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Queries queries, WorkspaceQuery query) {
        return queries.answer(type, type.argumentType().cast(query));
    }

    /** The tool of a public name; null when there is none. */
    public static ReadTool named(String toolName) {
        for (ReadTool t : values()) {
            if (t.toolName().equals(toolName)) {
                return t;
            }
        }
        return null;
    }

    /** The tool whose REST report is at {@code path}; null when there is none. */
    public static ReadTool atPath(String path) {
        for (ReadTool t : values()) {
            if (t.path.equals(path)) {
                return t;
            }
        }
        return null;
    }
}
