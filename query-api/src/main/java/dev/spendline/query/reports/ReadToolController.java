package dev.spendline.query.reports;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.tools.ToolArguments;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.problems.ProblemHandler;
import dev.spendline.query.problems.WhenUnavailable;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The REST report of every read tool, derived from its declaration ({@link ReadTool}): {@code GET
 * <the tool's path>} with the tool's arguments as query parameters, answered with the tool's answer
 * record. The workspace always comes from the credential, never from a parameter, so a key cannot
 * read another workspace's data. Parameters and answers: docs/api.md.
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 2,
        title = "Reports are temporarily unavailable",
        detail = "The data for this workspace is moving between instances or still loading; retry shortly.")
final class ReadToolController {

    static final String REPORTS = "/api/v1/reports/";

    private final Queries queries;
    private final Clock clock;
    private final Map<ReadTool, Timer> timers = new EnumMap<>(ReadTool.class);

    ReadToolController(Queries queries, Clock clock, MeterRegistry registry) {
        this.queries = queries;
        this.clock = clock;
        for (ReadTool tool : ReadTool.values()) {
            timers.put(tool, ReadToolTimers.timer(registry, tool.toolName()));
        }
    }

    @GetMapping(REPORTS + "**")
    ResponseEntity<Object> report(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            HttpServletRequest request) {
        ReadTool tool = ReadTool.atPath(
                request.getRequestURI().substring(request.getContextPath().length()));
        if (tool == null) {
            throw ProblemHandler.notFound();
        }
        WorkspaceQuery query = tool.read(principal.workspaceId(), ToolArguments.ofParameters(params), clock);
        return ResponseEntity.ok(timers.get(tool).record(() -> tool.answer(queries, query)));
    }
}
