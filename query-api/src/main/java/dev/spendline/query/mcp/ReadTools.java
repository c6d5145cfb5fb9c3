package dev.spendline.query.mcp;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.Principal;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * One MCP tool per {@link ReadTool}, every one of them, derived from its declaration: the name,
 * the description (the input schema's), the published input and output schemas as they are, and a
 * handler that reads the arguments with the tool's own reader for the caller's workspace and
 * answers the tool's answer record: the same call as the REST report, over another transport.
 */
final class ReadTools {

    /** Reads only the caller's own data: no change, the same answer for the same data, no outside world. */
    private static final ToolAnnotations READ_ONLY = ToolAnnotations.builder()
            .readOnlyHint(true)
            .destructiveHint(false)
            .idempotentHint(true)
            .openWorldHint(false)
            .build();

    private ReadTools() {}

    static List<SyncToolSpecification> specifications(
            Queries queries, Clock clock, ToolResults results, McpJsonMapper mapper) {
        List<SyncToolSpecification> specifications = new ArrayList<>();
        for (ReadTool tool : ReadTool.values()) {
            specifications.add(new SyncToolSpecification(
                    McpSchema.Tool.builder()
                            .name(tool.toolName())
                            .description(tool.description())
                            .inputSchema(mapper, tool.inputSchema())
                            .outputSchema(mapper, tool.outputSchema())
                            .annotations(READ_ONLY)
                            .build(),
                    (context, request) -> ToolCalls.run(tool.toolName(), () -> {
                        Principal caller = Callers.principal(context);
                        WorkspaceQuery query =
                                tool.read(caller.workspaceId(), McpArguments.of(request.arguments()), clock);
                        return results.answer(tool.answer(queries, query));
                    })));
        }
        return specifications;
    }
}
