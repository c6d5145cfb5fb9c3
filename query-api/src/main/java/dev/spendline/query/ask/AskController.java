package dev.spendline.query.ask;

import dev.spendline.contracts.alert.AlertQueries;
import dev.spendline.contracts.budget.BudgetQueries;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.query.SpendQueries;
import dev.spendline.contracts.tools.ReadTools;
import dev.spendline.contracts.waste.WasteQueries;
import dev.spendline.controlplane.Principal;
import java.time.Clock;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * {@code POST /api/v1/ask}: a question in words, answered from exactly one read tool of the
 * caller's workspace (the workspace always comes from the API key). The body is read as bytes so
 * that every malformed body gets the same problem+json as the other endpoints.
 */
@RestController
final class AskController {

    private final Asker asker;
    private final AskProperties properties;

    AskController(
            SpendQueries spend,
            MarginQueries margins,
            WasteQueries waste,
            BudgetQueries budgets,
            AlertQueries alerts,
            AskProperties properties) {
        // Not a bean: a ReadTools bean would be a second SpendQueries and clash with the real one.
        ReadTools tools = ReadTools.of(spend, margins, waste, budgets, alerts);
        Clock clock = Clock.systemUTC();
        this.asker = new Asker(tools, new VocabularyCache(spend, clock), clock);
        this.properties = properties;
    }

    @PostMapping("/api/v1/ask")
    AskAnswer ask(@AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        String question = AskRequestReader.read(body);
        return asker.ask(principal.workspaceId(), question, baseUrl());
    }

    private String baseUrl() {
        String configured = properties.baseUrl();
        return configured == null || configured.isBlank()
                ? ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString()
                : configured;
    }
}
