package dev.spendline.ask;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.tools.ToolArguments;
import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One read tool call: the tool and its arguments exactly as the tool's input schema
 * ({@code docs/schemas/tools/<tool>.input.schema.json}) takes them, so an MCP client could send
 * the same call. {@link #query} reads the arguments with the tool's own reader, the one REST and
 * MCP use (a {@code to} date includes that whole day), so what Ask shows is what it runs.
 */
record ToolCall(ReadTool tool, Map<String, Object> arguments) {

    /**
     * Ask always writes complete arguments (a range, {@code asOf}), so the reader's defaults never
     * apply: a clock that refuses to tell the time makes a missing argument loud, not "now".
     */
    private static final Clock NO_DEFAULTS = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            throw new IllegalStateException("An Ask tool call must carry every argument; a default was needed");
        }
    };

    ToolCall {
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
    }

    String name() {
        return tool.toolName();
    }

    /** The typed query of the workspace. */
    WorkspaceQuery query(String workspaceId) {
        return tool.read(workspaceId, ToolArguments.of(arguments), NO_DEFAULTS);
    }

    /** Problems of the call's query, in the tool's words; empty when it can run. */
    List<String> problems() {
        try {
            query("-");
            return List.of();
        } catch (InvalidArgumentsException e) {
            return e.errors().stream().map(FieldError::message).toList();
        }
    }

    /** Runs the call for the workspace: the tool's answer record, unchanged. */
    Record run(Queries queries, String workspaceId) {
        return (Record) tool.answer(queries, query(workspaceId));
    }
}
