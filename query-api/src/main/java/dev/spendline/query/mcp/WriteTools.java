package dev.spendline.query.mcp;

import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.action.ActionService;
import dev.spendline.query.plan.PlanGate;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncListFilter;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The two write tools, Team workspaces only: {@code prepare_write_action} (every action kind, one
 * schema with an {@code action} discriminator) and {@code confirm_write_action}. Both hand their
 * arguments to {@link ActionService} as the body of the REST endpoint, so the rules, refusals
 * ({@code plan_required}, {@code invalid_action}, {@code wrong_phrase}, {@code other_credential}, …)
 * and the binding of a token to the credential that prepared it are the API's, unchanged.
 *
 * <p>Listed only to Team workspaces ({@link #visibleTo}); a client that calls one anyway from
 * another plan gets the tool error {@code plan_required} from the call itself.
 */
final class WriteTools {

    static final String PREPARE = "prepare_write_action";
    static final String CONFIRM = "confirm_write_action";
    static final Set<String> NAMES = Set.of(PREPARE, CONFIRM);

    static final String CONFIRM_INSTRUCTIONS = "Show the summary to the user as it is and ask them to type the"
            + " confirmation phrase exactly. Only then call " + CONFIRM + " with this confirmationToken and the"
            + " phrase they typed, before expiresAt. Never type the phrase for them or confirm on their behalf.";

    /** Prepare changes nothing but a pending row, and each call prepares anew. */
    private static final ToolAnnotations PREPARES = ToolAnnotations.builder()
            .readOnlyHint(false)
            .destructiveHint(false)
            .idempotentHint(false)
            .openWorldHint(false)
            .build();

    /** Confirm changes the workspace (a snooze replaces an earlier one); a repeat returns the stored result. */
    private static final ToolAnnotations CONFIRMS = ToolAnnotations.builder()
            .readOnlyHint(false)
            .destructiveHint(true)
            .idempotentHint(true)
            .openWorldHint(false)
            .build();

    private WriteTools() {}

    static List<SyncToolSpecification> specifications(
            ActionService actions, ToolResults results, McpJsonMapper mapper) {
        return List.of(
                new SyncToolSpecification(
                        tool(PREPARE, PREPARES, mapper),
                        (context, request) -> ToolCalls.run(PREPARE, () -> {
                            Principal caller = Callers.principal(context);
                            ActionService.Prepared prepared = actions.prepare(caller, body(request));
                            JsonNode answer = prepared(results, prepared);
                            return results.answer(answer, words(prepared, answer));
                        })),
                new SyncToolSpecification(
                        tool(CONFIRM, CONFIRMS, mapper),
                        (context, request) -> ToolCalls.run(CONFIRM, () -> {
                            Principal caller = Callers.principal(context);
                            return results.answer(actions.confirm(caller, body(request)));
                        })));
    }

    /**
     * Hides the write tools from {@code tools/list} below Team. The SDK's stateless server has one
     * tool list for every caller and applies this filter to each {@code tools/list} with the
     * request's transport context; a second server instance per plan would double everything else.
     */
    static McpSyncListFilter<McpSchema.Tool> visibleTo() {
        return (context, tool) -> {
            if (!NAMES.contains(tool.name())) {
                return true;
            }
            Principal caller = Callers.principalOrNull(context);
            return PlanGate.allowsWrites(caller);
        };
    }

    private static McpSchema.Tool tool(String name, ToolAnnotations annotations, McpJsonMapper mapper) {
        String input = schema(name + ".input.schema.json");
        return McpSchema.Tool.builder()
                .name(name)
                .description(Json.MAPPER.readTree(input).get("description").asString())
                .inputSchema(mapper, input)
                .outputSchema(mapper, schema(name + ".output.schema.json"))
                .annotations(annotations)
                .build();
    }

    /** The arguments as the REST endpoint's body: one reading of write requests for every surface. */
    private static byte[] body(CallToolRequest request) {
        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
        return Json.MAPPER.writeValueAsBytes(arguments);
    }

    /** The REST answer, with how to confirm said in MCP's terms instead of the endpoint's. */
    private static JsonNode prepared(ToolResults results, ActionService.Prepared prepared) {
        ObjectNode answer = (ObjectNode) results.json(prepared);
        answer.putObject("confirmWith").put("tool", CONFIRM).put("instructions", CONFIRM_INSTRUCTIONS);
        return answer;
    }

    /** What the model reads: the summary, the phrase the user must type, and the rule, before the data. */
    private static String words(ActionService.Prepared prepared, JsonNode answer) {
        return "Prepared; nothing has changed yet.\nSummary to show the user: " + prepared.summary()
                + "\nThe user must type exactly: " + prepared.confirmationPhrase()
                + "\nThen call " + CONFIRM + " with confirmationToken " + prepared.confirmationToken()
                + " and the phrase the user typed, before " + prepared.expiresAt()
                + ". Never type the phrase for the user.\n"
                + Json.MAPPER.writeValueAsString(answer);
    }

    private static String schema(String file) {
        try (InputStream in = WriteTools.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("The jar lacks the MCP schema " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
