package dev.spendline.query.ask;

import dev.spendline.ask.AnswerTable;
import dev.spendline.ask.AskAnswer;
import dev.spendline.ask.AskExamples;
import dev.spendline.ask.Asker;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.DashboardView;
import dev.spendline.query.dashboard.Formats;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The Ask page, {@code GET /app/ask?q=...}: the same asker as {@code POST /api/v1/ask}, for the
 * signed-in user's workspace, showing the answer, how it was read, its rows and the link to the view
 * with the same figures. The link is relative to this host (the page is already on it). Without a
 * question it shows questions Ask can answer. An answer has a follow-up box whose hidden {@code
 * context} field makes its question a change to this answer.
 */
@Controller
@DashboardView
final class AskPageController {

    private final Asker asker;
    private final Formats formats;

    AskPageController(Asker asker, Formats formats) {
        this.asker = asker;
        this.formats = formats;
    }

    @GetMapping("/app/ask")
    String ask(
            @AuthenticationPrincipal Principal principal,
            @RequestParam(name = "q", required = false) String question,
            @RequestParam(name = "context", required = false) String context,
            Model model) {
        model.addAttribute("examples", AskExamples.QUESTIONS);
        if (question == null || question.isBlank()) {
            return "dashboard/ask";
        }
        if (question.length() > AskRequestReader.MAX_LENGTH) {
            throw new InvalidArgumentsException(
                    List.of(new FieldError("q", "must be at most " + AskRequestReader.MAX_LENGTH + " characters")));
        }
        // The follow-up box sends the answer's context back in a hidden field (docs/ask.md#follow-ups).
        AskAnswer answer = asker.ask(
                principal.workspaceId(),
                AskConfiguration.plan(principal),
                question,
                "",
                context == null || context.isBlank() ? null : context);
        model.addAttribute("question", question);
        model.addAttribute("answer", answer);
        model.addAttribute("table", answer.data() == null ? null : AnswerTable.of(answer.data(), formats));
        model.addAttribute(
                "formRequest",
                answer.form() == null
                        ? null
                        : dev.spendline.contracts.json.Json.MAPPER.writeValueAsString(
                                answer.form().request()));
        return "dashboard/ask";
    }
}
