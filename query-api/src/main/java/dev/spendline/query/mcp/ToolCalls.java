package dev.spendline.query.mcp;

import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.query.problems.ProblemHandler;
import dev.spendline.query.settings.SettingsUnavailableException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a tool call and sorts its failures the way MCP wants them. The caller's mistakes and the
 * domain's refusals (bad arguments, plan, an expired confirmation: a 4xx of the HTTP API) are tool
 * results with {@code isError}, which the model sees and can act on. Infrastructure failures
 * (the data unreachable, which REST answers 503, and anything unexpected) are JSON-RPC errors
 * ({@link McpError}), which the client handles; an unexpected one is logged under an incident id
 * and only that id is sent, never a message or class name.
 */
final class ToolCalls {

    private static final Logger log = LoggerFactory.getLogger(ToolCalls.class);

    private ToolCalls() {}

    static CallToolResult run(String tool, Supplier<CallToolResult> call) {
        try {
            return call.get();
        } catch (InvalidArgumentsException e) {
            return ToolResults.refusal(ProblemHandler.invalidArgumentsProblem(e));
        } catch (ProblemException e) {
            if (e.status() >= 500) {
                throw unavailable(tool, e.detail());
            }
            return ToolResults.refusal(e);
        } catch (QueryUnavailableException | SettingsUnavailableException e) {
            throw unavailable(tool, e.getMessage());
        } catch (McpError e) {
            throw e;
        } catch (RuntimeException e) {
            ProblemException incident = Incidents.record(
                    log,
                    "MCP tools/call " + tool,
                    e,
                    "The tool call failed on our side; retry later and quote the incident id if it keeps failing");
            throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR)
                    .message(incident.detail())
                    .data(Map.of(
                            "code",
                            incident.code(),
                            "incident",
                            incident.members().get("incident")))
                    .build();
        }
    }

    /** As REST's 503 {@code unavailable}: nothing was changed, the same call can be retried shortly. */
    private static McpError unavailable(String tool, String why) {
        log.warn("MCP tools/call {} not served: {}", tool, why);
        return McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR)
                .message("Temporarily unavailable: the workspace's data or Kafka cannot be reached right now;"
                        + " nothing was changed. Retry shortly.")
                .data(Map.of("code", "unavailable", "retryAfterSeconds", 2))
                .build();
    }
}
