package dev.spendline.query.dashboard.overview;

import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.DashboardView;
import dev.spendline.query.dashboard.PublicAddress;
import dev.spendline.query.dashboard.ViewParameters;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Set;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The overview, {@code GET /app}: spend today and this month with the run-rate forecast, the trend
 * of the last 30 days, this month's top features, customers and models, active alerts and waste.
 * {@code fragment=figures} answers only the live figures (one read), which the page polls.
 */
@Controller
@DashboardView
final class OverviewController {

    static final String FIGURES = "figures";

    private final OverviewReader reader;
    private final PublicAddress properties;

    OverviewController(OverviewReader reader, PublicAddress properties) {
        this.reader = reader;
        this.properties = properties;
    }

    @GetMapping({"/app", "/app/"})
    String overview(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> parameters,
            HttpServletRequest request,
            Model model) {
        String fragment = ViewParameters.fragment(parameters, Set.of(FIGURES));
        model.addAttribute("liveUrl", ViewParameters.with(request, ViewParameters.FRAGMENT, FIGURES));
        model.addAttribute("curl", IngestExample.curl(properties.baseUrlOrRequest()));
        model.addAttribute("requiredFields", IngestExample.requiredFields());
        if (fragment != null) {
            model.addAttribute("figures", reader.figures(principal.workspaceId()));
            return "dashboard/overview :: " + FIGURES;
        }
        Overview overview = reader.overview(principal.workspaceId());
        model.addAttribute("overview", overview);
        model.addAttribute("figures", overview.figures());
        return "dashboard/overview";
    }
}
